/**
 * Captions numbered by chapter, appendix or supplement ("Figure 3.2:", "Table A-1.", "Table
 * S1.", "Table BR3.", "Table A4-12.") are captions (issue 27 item 7). The page hint took only
 * a plain number or a roman one after the label, so reports, theses and EFSA's tables typed
 * these captions Text or SectionHeader. A sentence of the body that cites one ("Table 4.2
 * lists …") is still no caption. Other languages' labels ("Tableau 1 :", "Cuadro 2.", "表 7.6") are
 * labels too. A generated report page through the engine, and the label pattern on its own.
 */
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/index.js';
import { isCaptionStart } from '../../src/pipeline/classify/page-hints.js';
import { parsedSegments } from '../helpers.js';

const BODY = [
  'The survey covered every district of the region over two seasons, and each site was visited',
  'twice by the same team, so that the counts of the spring and of the autumn can be compared.',
  'The results below are given by district and by season, with the totals for the whole region.',
];

describe('captions numbered by chapter, appendix or supplement', () => {
  it('reads the label and its number as a caption start, and a citing sentence not', () => {
    for (const t of ['Figure 3.2: Counts by district', 'Table A-1. Sites visited', 'Table S1. Primers used', 'Table BR3. Reported cases', 'Table A4-12. Projected volume', 'Figure 10.2. The result', 'Fig. 2-3 Flow of samples', 'Table II. Comparison', 'Figure 4 The distribution', 'Tableau 1 : Valeurs normales', 'Cuadro 2. Población por región', 'Figura 3 Distribución de los casos', 'Tabela 4.1 – Resultados', 'Abbildung 2: Aufbau', '表 7.6 停车区用地指标调整系数', '图 3 处理流程', '図 2 システム構成']) {
      expect(isCaptionStart(t), t).toBe(true);
    }
    for (const t of ['Table 4.2 lists the counts of each district', 'Fig. 2a shows the flow', 'Table in the appendix', 'Figure 3 shows the sites', 'Figura 3 muestra los casos']) {
      expect(isCaptionStart(t), t).toBe(false);
    }
  });

  let engine: Engine;
  beforeAll(() => {
    engine = createEngine({ workers: 1 });
  });
  afterAll(() => engine.close());

  it('types such captions Caption on a report page, and the sentence citing a table Text', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const bold = await doc.embedFont(StandardFonts.HelveticaBold);
    const page = doc.addPage([612, 792]);
    let y = 730;
    const para = (n: number) => {
      for (let k = 0; k < n; k++, y -= 13) page.drawText(BODY[k % 3]!, { x: 72, y, size: 10, font });
      y -= 10;
    };
    para(6);
    page.drawText('Table 4.2 lists the counts of each district for the spring and the autumn, side by side.', { x: 72, y, size: 10, font });
    y -= 23;
    para(3);
    // A figure: a framed drawing, its caption under it.
    page.drawRectangle({ x: 150, y: y - 150, width: 300, height: 150, borderWidth: 1, color: rgb(0.88, 0.9, 0.95) });
    y -= 166;
    page.drawText('Figure 3.2: Counts by district and season', { x: 180, y, size: 9, font: bold });
    y -= 24;
    para(3);
    page.drawText('Table A-1. Sites visited in each district', { x: 72, y, size: 9, font: bold });
    y -= 24;
    para(3);
    const segs = await parsedSegments(engine, { data: await doc.save(), fileName: 'report.pdf' });
    const shown = JSON.stringify(segs.map((s) => [s.segment_type, s.content.slice(0, 40)]));
    expect(segs.find((s) => s.content.startsWith('Figure 3.2:'))?.segment_type, shown).toBe('Caption');
    expect(segs.find((s) => s.content.startsWith('Table A-1.'))?.segment_type, shown).toBe('Caption');
    expect(segs.find((s) => s.content.startsWith('Table 4.2 lists'))?.segment_type, shown).toBe('Text');
  });
});
