/**
 * After form fields over a box were flattened (apply-edits.ts), their widget dictionaries —
 * with the value (/V) and the appearance streams that draw it — are still reachable from the
 * AcroForm's /Fields, so the file still holds the text the edit removed from the page. This
 * drops every field none of whose widgets is on a page any more, with its appearance streams,
 * and writes the document again (pdf-lib: a full rewrite). Run only when fields were flattened.
 */

export async function dropOrphanFields(bytes: Uint8Array): Promise<{ bytes: Uint8Array; removed: number }> {
  // pdf-lib loaded here, not at import: it costs a fresh edit worker ~0.2 s CPU, and this runs only after form fields were flattened.
  const { PDFDict, PDFDocument, PDFName, PDFRef } = await import('pdf-lib');
  const doc = await PDFDocument.load(bytes, { updateMetadata: false, ignoreEncryption: false });
  const onPages = new Set<string>();
  for (const page of doc.getPages()) {
    const annots = page.node.Annots();
    for (let i = 0; annots && i < annots.size(); i++) {
      const r = annots.get(i);
      if (r instanceof PDFRef) onPages.add(r.toString());
    }
  }
  const form = doc.getForm();
  let removed = 0;
  for (const field of form.getFields()) {
    const widgets = field.acroField.getWidgets();
    const refs = widgets.map((w) => doc.context.getObjectRef(w.dict));
    if (refs.some((r) => r && onPages.has(r.toString())) || onPages.has(field.ref.toString())) continue;
    for (const w of widgets) {
      const ap = w.dict.lookup(PDFName.of('AP'));
      if (!(ap instanceof PDFDict)) continue;
      for (const key of ['N', 'D', 'R']) {
        const v = ap.get(PDFName.of(key));
        if (v instanceof PDFRef) doc.context.delete(v);
        else if (v instanceof PDFDict) for (const [, x] of v.entries()) if (x instanceof PDFRef) doc.context.delete(x);
      }
    }
    form.acroForm.removeField(field.acroField);
    for (const r of refs) if (r) doc.context.delete(r);
    doc.context.delete(field.ref);
    removed++;
  }
  if (removed === 0) return { bytes, removed };
  return { bytes: await doc.save({ useObjectStreams: false, updateFieldAppearances: false }), removed };
}
