#!/bin/bash
# OCR cost through the user's path (issue 29): `quire parse` (the CLI from dist/) against
# the `tesseract` CLI (OMP_THREAD_LIMIT=1) on one dense 300-DPI page (linn.png, 2550×3300)
# and on a 5-page PDF of it placed at 300 ppi (pdf-lib), the PDF both with the scanned
# page's own image (default) and rendered (QUIRE_SCAN_IMAGE=render), alternating, 3 rounds.
# Prints "label wall_s user_s sys_s" per run; CPU = user + sys (all threads, children).
# Run from the repository root after `npm run build`: bash bench/ocr-user-path.sh
set -e
L=${QUIRE_CORPUS:-../shared/corpus}/ocr/OCRmyPDF/tests/resources/linn.png
PDF=$(mktemp -d)/linn5.pdf
node --input-type=module -e "
import fs from 'node:fs'; import { PDFDocument } from 'pdf-lib';
const png = fs.readFileSync('$L'); const doc = await PDFDocument.create(); const img = await doc.embedPng(png);
for (let i = 0; i < 5; i++) { const p = doc.addPage([img.width * 72 / 300, img.height * 72 / 300]); p.drawImage(img, { x: 0, y: 0, width: p.getWidth(), height: p.getHeight() }); }
fs.writeFileSync('$PDF', await doc.save());"
OUT=$(mktemp -d)
t() { /usr/bin/time -f "%e %U %S" "$@" 2>&1 >/dev/null | tail -1; }
for r in 1 2 3; do
  echo "round $r load $(cut -d' ' -f1 /proc/loadavg)"
  echo "quire-linn-png $(t node dist/cli/main.js parse "$L" --out "$OUT/one.json")"
  echo "tess-linn-png $(OMP_THREAD_LIMIT=1 t tesseract "$L" stdout)"
  if [ $((r % 2)) = 1 ]; then A=image; B=render; else A=render; B=image; fi
  for m in $A $B; do
    if [ $m = render ]; then export QUIRE_SCAN_IMAGE=render; else unset QUIRE_SCAN_IMAGE; fi
    echo "quire-linn5-$m $(t node dist/cli/main.js parse "$PDF" --out "$OUT/five-$m.json")"
  done
  unset QUIRE_SCAN_IMAGE
  echo "tess-linn-x5 $(OMP_THREAD_LIMIT=1 t bash -c "for i in 1 2 3 4 5; do tesseract '$L' stdout; done")"
done
echo "end load $(cut -d' ' -f1 /proc/loadavg)"
