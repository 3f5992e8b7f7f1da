/**
 * DrawingML chart parts (`c:chartSpace`) → chart series, for Pictures that are charts
 * (`chart` on the item, `chart_data` on the wire). Reads the cached values every writer
 * stores beside the formula (`c:strCache`/`c:numCache`), so no workbook is evaluated.
 */
import { child, find, findAll, textOf, type XmlNode } from './xml-tree.js';

export interface ChartSeries {
  name: string;
  categories: string[];
  values: Array<number | null>;
}

export interface ChartData {
  chart_type: string;
  title: string;
  series: ChartSeries[];
}

function cached(node: XmlNode | undefined): string[] {
  if (!node) return [];
  const cache = find(node, 'c:strCache') ?? find(node, 'c:numCache') ?? find(node, 'c:strLit') ?? find(node, 'c:numLit');
  const out: string[] = [];
  for (const pt of findAll(cache, 'c:pt')) out[Number(pt.attrs.idx ?? out.length)] = textOf(child(pt, 'c:v'));
  return Array.from(out, (v) => v ?? '');
}

export function readChart(tree: XmlNode | undefined): ChartData | undefined {
  const plot = find(tree, 'c:plotArea');
  if (!plot) return undefined;
  const typeNode = plot.children.find((c) => /^c:\w+Chart$/.test(c.name));
  const titleNode = find(child(find(tree, 'c:chart'), 'c:title'), 'c:tx') ?? child(find(tree, 'c:chart'), 'c:title');
  const series: ChartSeries[] = [];
  for (const ser of findAll(plot, 'c:ser')) {
    const name = cached(child(ser, 'c:tx'))[0] ?? textOf(child(ser, 'c:tx'));
    const categories = cached(child(ser, 'c:cat') ?? child(ser, 'c:xVal'));
    const values = cached(child(ser, 'c:val') ?? child(ser, 'c:yVal')).map((v) => (v === '' || !Number.isFinite(Number(v)) ? null : Number(v)));
    series.push({ name, categories, values });
  }
  return { chart_type: typeNode ? typeNode.name.slice(2) : 'chart', title: findAll(titleNode, 'a:t').map(textOf).join('').trim(), series };
}
