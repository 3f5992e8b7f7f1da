/**
 * `quire view`: one self-contained HTML page that shows a parse result on its pages — each
 * segment's box coloured by type and numbered in reading order, its HTML (rendered) and
 * markdown on click, a title with the type and text on hover, and every table rendered in
 * a list below the pages. Page images (when the caller rendered the PDF) are embedded as
 * data URIs; without them each page is a blank sheet of the right size. Nothing is loaded
 * from elsewhere (no CDN, no fonts, no scripts but the inline one).
 *
 * A result file may come from anywhere, so its text never becomes markup of this page:
 * segment data travels as JSON in a `<script type="application/json">` (with `<` escaped),
 * boxes and labels are built with textContent, and a segment's own HTML is shown in an
 * `<iframe sandbox>` (no scripts, no same-origin access).
 */
import type { Segment } from '../model/document.js';
import { escapeHtml } from './escape.js';

export interface ViewerPage {
  pageNumber: number;
  width: number;
  height: number;
  /** A data URI of the rendered page, when there is one. */
  image?: string;
}

export interface ViewerInput {
  title: string;
  segments: Segment[];
  /** Page sizes and images; pages only the segments mention are added with their size. */
  pages?: ViewerPage[];
}

/** Box colours by segment type (unknown types: grey). */
export const TYPE_COLOURS: Record<string, string> = {
  Title: '#d62728',
  SectionHeader: '#ff7f0e',
  Text: '#1f77b4',
  ListItem: '#17becf',
  Table: '#2ca02c',
  Picture: '#9467bd',
  Caption: '#8c564b',
  Footnote: '#7f7f7f',
  Formula: '#e377c2',
  PageHeader: '#bcbd22',
  PageFooter: '#bcbd22',
  Page: '#aec7e8',
  KeyValuePair: '#98df8a',
  Signature: '#c5b0d5',
  Seal: '#c49c94',
};

/** Page width on screen, CSS pixels. */
const VIEW_WIDTH = 820;

export function viewerHtml(input: ViewerInput): string {
  const pages = new Map<number, ViewerPage>();
  for (const p of input.pages ?? []) pages.set(p.pageNumber, p);
  for (const s of input.segments) {
    if (!pages.has(s.page_number)) pages.set(s.page_number, { pageNumber: s.page_number, width: s.page_width || 612, height: s.page_height || 792 });
  }
  const data = {
    colours: TYPE_COLOURS,
    viewWidth: VIEW_WIDTH,
    pages: [...pages.values()].sort((a, b) => a.pageNumber - b.pageNumber),
    segments: input.segments.map((s, i) => ({
      n: i + 1,
      id: s.segment_id,
      type: s.segment_type,
      page: s.page_number,
      bbox: s.bbox,
      confidence: s.confidence ?? null,
      content: s.content ?? '',
      html: s.html ?? '',
      markdown: s.markdown ?? '',
    })),
  };
  // JSON inside <script>: "<" escaped so no "</script>" or "<!--" in the data ends it.
  const json = JSON.stringify(data).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'; script-src 'unsafe-inline'; frame-src 'self' about: data:">
<title>${escapeHtml(input.title)} — Quire view</title>
<style>${CSS}</style></head>
<body><header><h1>${escapeHtml(input.title)}</h1><div id="legend"></div><div id="summary"></div></header>
<main><div id="pages"></div><aside id="panel"><p class="hint">Click a box to see its segment.</p></aside></main>
<section id="tables"><h2>Tables</h2></section>
<script type="application/json" id="quire-data">${json}</script>
<script>${SCRIPT}</script>
</body></html>
`;
}

const CSS = `
body{font:14px/1.4 system-ui,sans-serif;margin:0;background:#eee;color:#222}
header{padding:8px 16px;background:#fff;border-bottom:1px solid #ccc;position:sticky;top:0;z-index:5}
h1{font-size:16px;margin:0 0 4px}
#legend span{display:inline-block;margin-right:10px;font-size:12px}
#legend i{display:inline-block;width:10px;height:10px;margin-right:3px;vertical-align:middle}
main{display:flex;gap:16px;padding:16px;align-items:flex-start}
#pages{flex:none}
.page{position:relative;background:#fff center/100% 100% no-repeat;box-shadow:0 1px 4px #0004;margin-bottom:16px}
.page>.pno{position:absolute;left:-4px;top:-18px;font-size:11px;color:#666}
.box{position:absolute;border:1.5px solid;box-sizing:border-box;cursor:pointer}
.box:hover,.box.sel{background:#ffeb3b55}
.box>b{position:absolute;left:-1px;top:-1px;font:bold 9px/1 sans-serif;color:#fff;padding:1px 2px}
aside{position:sticky;top:70px;flex:1;min-width:280px;max-height:calc(100vh - 90px);overflow:auto;background:#fff;padding:10px;box-shadow:0 1px 4px #0003}
aside pre{white-space:pre-wrap;background:#f6f6f6;padding:6px;font-size:12px}
aside iframe,#tables iframe{width:100%;border:1px solid #ddd;background:#fff;min-height:60px}
#tables{padding:0 16px 32px}
#tables h3{font-size:13px;margin:16px 0 4px}
.hint{color:#777}
`;

const SCRIPT = `
(function(){
var d=JSON.parse(document.getElementById('quire-data').textContent);
function el(t,c,txt){var e=document.createElement(t);if(c)e.className=c;if(txt!=null)e.textContent=txt;return e}
function colour(t){return d.colours[t]||'#888'}
function frame(html){var f=el('iframe');f.setAttribute('sandbox','');f.setAttribute('title','segment html');
 f.srcdoc='<!DOCTYPE html><meta charset="utf-8"><style>body{font:13px sans-serif;margin:6px}table{border-collapse:collapse}td,th{border:1px solid #999;padding:2px 4px}</style>'+html;
 f.style.height='160px';return f}
var legend=document.getElementById('legend');
var used={};d.segments.forEach(function(s){used[s.type]=(used[s.type]||0)+1});
Object.keys(used).sort().forEach(function(t){var s=el('span');var i=el('i');i.style.background=colour(t);s.appendChild(i);s.appendChild(document.createTextNode(t+' '+used[t]));legend.appendChild(s)});
document.getElementById('summary').textContent=d.pages.length+' page(s), '+d.segments.length+' segment(s)';
var panel=document.getElementById('panel');var selected=null;
function show(s,box){
 if(selected)selected.classList.remove('sel');selected=box;if(box)box.classList.add('sel');
 panel.textContent='';
 panel.appendChild(el('h2',null,'#'+s.n+' '+s.type));
 panel.appendChild(el('p',null,'page '+s.page+(s.confidence!=null?' · confidence '+s.confidence:'')+' · '+s.id));
 panel.appendChild(el('h3',null,'HTML'));panel.appendChild(frame(s.html));
 panel.appendChild(el('h3',null,'Markdown'));panel.appendChild(el('pre',null,s.markdown));
 panel.appendChild(el('h3',null,'Content'));panel.appendChild(el('pre',null,s.content));
}
var holder=document.getElementById('pages');
d.pages.forEach(function(p){
 var k=d.viewWidth/p.width;var pg=el('div','page');pg.id='page-'+p.pageNumber;
 pg.style.width=d.viewWidth+'px';pg.style.height=Math.round(p.height*k)+'px';
 if(p.image&&/^data:image\\//.test(p.image))pg.style.backgroundImage='url("'+p.image+'")';
 pg.appendChild(el('span','pno','page '+p.pageNumber));
 d.segments.filter(function(s){return s.page===p.pageNumber&&s.bbox}).forEach(function(s){
  var b=el('div','box');var c=colour(s.type);b.style.borderColor=c;
  b.style.left=(s.bbox.left*k)+'px';b.style.top=(s.bbox.top*k)+'px';
  b.style.width=Math.max(2,s.bbox.width*k)+'px';b.style.height=Math.max(2,s.bbox.height*k)+'px';
  b.title='#'+s.n+' '+s.type+': '+s.content.slice(0,200);b.dataset.n=s.n;b.dataset.type=s.type;
  var lab=el('b',null,String(s.n));lab.style.background=c;b.appendChild(lab);
  b.addEventListener('click',function(){show(s,b)});pg.appendChild(b);
 });
 holder.appendChild(pg);
});
var tables=document.getElementById('tables');var nt=0;
d.segments.filter(function(s){return s.type==='Table'}).forEach(function(s){nt++;
 tables.appendChild(el('h3',null,'#'+s.n+' · page '+s.page+(s.confidence!=null?' · confidence '+s.confidence:'')));
 tables.appendChild(frame(s.html));});
if(!nt)tables.appendChild(el('p','hint','No table segments.'));
window.quireViewReady=true;
})();
`;
