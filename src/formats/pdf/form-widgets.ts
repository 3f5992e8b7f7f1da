/**
 * A PDF page's AcroForm widgets (text, checkbox, radio, choice and signature fields) as
 * boxes in the pipeline's top-left coordinates, with the value filled in. The page's
 * content stream is read with annotations disabled (page-content.ts), so a filled value
 * is nowhere in the text layer: this is where pipeline/forms gets it. Read only under
 * advanced layout detection (pdf.js parses every annotation of the page for it).
 */
import type { FormWidget } from '../../model/page.js';
import type { PDFPageProxy } from './open-document.js';

interface WidgetAnnotation {
  subtype?: string;
  fieldType?: string;
  fieldValue?: unknown;
  checkBox?: boolean;
  radioButton?: boolean;
  pushButton?: boolean;
  exportValue?: string;
  buttonValue?: string;
  rect?: number[];
  hidden?: boolean;
  alternativeText?: string;
}

function valueText(v: unknown): string {
  if (Array.isArray(v)) return v.map(valueText).filter(Boolean).join(', ');
  return typeof v === 'string' ? v.replace(/\s+/g, ' ').trim() : '';
}

export async function readFormWidgets(page: PDFPageProxy): Promise<FormWidget[]> {
  let annots: WidgetAnnotation[];
  try {
    annots = (await page.getAnnotations({ intent: 'display' })) as WidgetAnnotation[];
  } catch {
    return []; // a malformed annotation array costs the fields, never the page
  }
  const viewport = page.getViewport({ scale: 1 });
  const out: FormWidget[] = [];
  for (const a of annots) {
    if (a.subtype !== 'Widget' || a.hidden || !a.rect || a.pushButton) continue;
    const [x0, y0, x1, y1] = viewport.convertToViewportRectangle(a.rect) as number[];
    const bbox = { left: Math.min(x0!, x1!), top: Math.min(y0!, y1!), width: Math.abs(x1! - x0!), height: Math.abs(y1! - y0!) };
    if (bbox.width <= 0 || bbox.height <= 0) continue;
    if (bbox.left + bbox.width < 0 || bbox.top + bbox.height < 0 || bbox.left > viewport.width || bbox.top > viewport.height) continue;
    const tooltip = a.alternativeText?.trim() || undefined;
    const base = { bbox, ...(tooltip ? { tooltip } : {}) };
    const value = valueText(a.fieldValue);
    if (a.fieldType === 'Btn') {
      if (a.radioButton) out.push({ ...base, kind: 'radio', value: '', checked: value !== '' && value === a.buttonValue });
      else out.push({ ...base, kind: 'checkbox', value: '', checked: value !== '' && value !== 'Off' && (a.exportValue === undefined || value === a.exportValue) });
    } else if (a.fieldType === 'Tx') out.push({ ...base, kind: 'text', value });
    else if (a.fieldType === 'Ch') out.push({ ...base, kind: 'choice', value });
    else if (a.fieldType === 'Sig') out.push({ ...base, kind: 'signature', value: '' });
  }
  return out;
}
