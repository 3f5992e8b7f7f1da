/**
 * Office Math (OMML, `m:` elements) → LaTeX, so equations keep their structure in the
 * text, markdown and exports: fractions, scripts, radicals, n-ary operators (∑ ∫ with
 * limits), delimiters, functions, accents and bars, matrices; other elements give their
 * children's LaTeX. Symbols map to LaTeX commands where one exists.
 */
import { child, children, textOf, type XmlNode } from '../office/xml-tree.js';

const SYMBOLS: Record<string, string> = {
  'π': '\\pi', 'α': '\\alpha', 'β': '\\beta', 'γ': '\\gamma', 'δ': '\\delta', 'ε': '\\epsilon', 'θ': '\\theta', 'λ': '\\lambda', 'μ': '\\mu', 'σ': '\\sigma', 'φ': '\\phi', 'ω': '\\omega', 'Δ': '\\Delta', 'Σ': '\\Sigma', 'Ω': '\\Omega',
  '∞': '\\infty', '×': '\\times', '÷': '\\div', '±': '\\pm', '≤': '\\leq', '≥': '\\geq', '≠': '\\neq', '≈': '\\approx', '→': '\\rightarrow', '∈': '\\in', '∂': '\\partial', '·': '\\cdot', '∙': '\\cdot', '−': '-',
  '∩': '\\cap', '∪': '\\cup', '…': '\\ldots', '⋯': '\\cdots', '∀': '\\forall', '∃': '\\exists', '∇': '\\nabla', '∉': '\\notin', '⊂': '\\subset', '⊃': '\\supset', '⊆': '\\subseteq', '⊇': '\\supseteq',
  '≡': '\\equiv', '∝': '\\propto', '←': '\\leftarrow', '⇒': '\\Rightarrow', '⇔': '\\Leftrightarrow', '↔': '\\leftrightarrow',
};
const NARY: Record<string, string> = { '∑': '\\sum', '∏': '\\prod', '∫': '\\int', '∬': '\\iint', '∮': '\\oint', '⋃': '\\bigcup', '⋂': '\\bigcap', '∭': '\\iiint', '∯': '\\oiint', '∰': '\\oiiint', '⋀': '\\bigwedge', '⋁': '\\bigvee', '∐': '\\coprod' };
const FUNCS = new Set(['sin', 'cos', 'tan', 'log', 'ln', 'exp', 'lim', 'max', 'min', 'sec', 'csc', 'cot', 'sinh', 'cosh', 'tanh']);

function symbols(s: string): string {
  let out = '';
  for (const ch of s) out += SYMBOLS[ch] ? ` ${SYMBOLS[ch]} ` : ch;
  return out;
}

function val(node: XmlNode | undefined, prName: string, attr: string): string | undefined {
  return child(child(node, prName), attr)?.attrs['m:val'];
}

function seq(node: XmlNode | undefined): string {
  return (node?.children ?? []).map(toLatex).join('');
}

function arg(node: XmlNode | undefined, name: string): string {
  return seq(child(node, name));
}

export function toLatex(n: XmlNode): string {
  switch (n.name) {
    case 'm:r':
      return symbols(children(n, 'm:t').map(textOf).join(''));
    case 'm:f': {
      // Fraction types: bar (default), noBar (stacked, as in a binomial), lin (a/b), skw.
      const type = val(n, 'm:fPr', 'm:type');
      if (type === 'noBar') return `\\genfrac{}{}{0pt}{}{${arg(n, 'm:num')}}{${arg(n, 'm:den')}}`;
      if (type === 'lin' || type === 'skw') return `${arg(n, 'm:num')}/${arg(n, 'm:den')}`;
      return `\\frac{${arg(n, 'm:num')}}{${arg(n, 'm:den')}}`;
    }
    case 'm:sSup':
      return `${arg(n, 'm:e')}^{${arg(n, 'm:sup')}}`;
    case 'm:sSub':
      return `${arg(n, 'm:e')}_{${arg(n, 'm:sub')}}`;
    case 'm:sSubSup':
      return `${arg(n, 'm:e')}_{${arg(n, 'm:sub')}}^{${arg(n, 'm:sup')}}`;
    case 'm:sPre':
      return `{}_{${arg(n, 'm:sub')}}^{${arg(n, 'm:sup')}}${arg(n, 'm:e')}`;
    case 'm:rad': {
      const deg = arg(n, 'm:deg');
      return deg ? `\\sqrt[${deg}]{${arg(n, 'm:e')}}` : `\\sqrt{${arg(n, 'm:e')}}`;
    }
    case 'm:nary': {
      const chr = val(n, 'm:naryPr', 'm:chr') ?? '∫';
      const sub = arg(n, 'm:sub');
      const sup = arg(n, 'm:sup');
      const op = `${NARY[chr] ?? chr}${sub ? `_{${sub}}` : ''}${sup ? `^{${sup}}` : ''}`;
      const body = arg(n, 'm:e');
      // `\bigwedge x`, not `\bigwedgex` (an unknown command) when no limit follows the operator.
      return /\\[A-Za-z]+$/.test(op) && /^[A-Za-z]/.test(body) ? `${op} ${body}` : `${op}${body}`;
    }
    case 'm:d': {
      const beg = val(n, 'm:dPr', 'm:begChr') ?? '(';
      const end = val(n, 'm:dPr', 'm:endChr') ?? ')';
      const inner = children(n, 'm:e').map(seq).join(val(n, 'm:dPr', 'm:sepChr') ?? ',');
      const esc = (c: string) => (c === '{' || c === '}' ? `\\${c}` : c === '' ? '.' : c);
      return `\\left${esc(beg)}${inner}\\right${esc(end)}`;
    }
    case 'm:func': {
      const name = arg(n, 'm:fName').trim();
      return `${FUNCS.has(name) ? `\\${name}` : name}(${arg(n, 'm:e')})`;
    }
    case 'm:limLow':
      return `${arg(n, 'm:e')}_{${arg(n, 'm:lim')}}`;
    case 'm:limUpp':
      return `${arg(n, 'm:e')}^{${arg(n, 'm:lim')}}`;
    case 'm:acc': {
      const chr = val(n, 'm:accPr', 'm:chr') ?? '̂';
      return `${chr === '̃' ? '\\tilde' : chr === '̄' ? '\\bar' : chr === '⃗' ? '\\vec' : '\\hat'}{${arg(n, 'm:e')}}`;
    }
    case 'm:bar':
      return `\\overline{${arg(n, 'm:e')}}`;
    case 'm:m':
      return `\\begin{matrix}${children(n, 'm:mr').map((r) => children(r, 'm:e').map(seq).join(' & ')).join(' \\\\ ')}\\end{matrix}`;
    case 'm:eqArr':
      return children(n, 'm:e').map(seq).join(' \\\\ ');
    case '#text':
      return '';
    default:
      if (n.name.endsWith('Pr')) return '';
      return seq(n);
  }
}

/** LaTeX of an `m:oMath` (or `m:oMathPara`), whitespace tidied. */
export function mathLatex(n: XmlNode): string {
  const maths = n.name === 'm:oMathPara' ? children(n, 'm:oMath') : [n];
  return maths
    .map((m) => seq(m))
    .join(' \\\\ ')
    .replace(/\s+/g, ' ')
    .trim();
}
