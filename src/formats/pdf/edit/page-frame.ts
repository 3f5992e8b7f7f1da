/**
 * Quire's box frame → PDF user space. Every Quire bbox (and every edit item's bbox) is in PDF
 * points with the origin at the top-left corner of the page AS DISPLAYED: inside the crop box,
 * after /Rotate — the frame pdf.js's scale-1 viewport and `pdftotext -bbox` use. PDFium's
 * FPDF_DeviceToPage knows the crop box and rotation; it takes whole device pixels, so the page
 * is mapped at 100 device pixels per point (0.01 pt precision).
 */
import { readDoubles, malloc, free, type Pdfium } from './pdfium.js';

const SCALE = 100;

export interface UserRect {
  l: number;
  b: number;
  r: number;
  t: number;
}

export interface DisplayBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface PageFrame {
  /** Displayed width and height in points. */
  width: number;
  height: number;
  /** A display point (top-left origin, points) in user space. */
  toUser(x: number, y: number): [number, number];
  /** The axis-aligned user-space rectangle of a display box. */
  rectOf(box: DisplayBox): UserRect;
}

export function pageFrame(m: Pdfium, page: number): PageFrame {
  const width = m.FPDF_GetPageWidthF(page);
  const height = m.FPDF_GetPageHeightF(page);
  const sx = Math.round(width * SCALE);
  const sy = Math.round(height * SCALE);
  const out = malloc(m, 16);
  const toUser = (x: number, y: number): [number, number] => {
    m.FPDF_DeviceToPage(page, 0, 0, sx, sy, 0, Math.round(x * SCALE), Math.round(y * SCALE), out, out + 8);
    const [ux, uy] = readDoubles(m, out, 2);
    return [ux, uy];
  };
  const frame: PageFrame = {
    width,
    height,
    toUser,
    rectOf(box) {
      const pts = [toUser(box.left, box.top), toUser(box.left + box.width, box.top + box.height)];
      return {
        l: Math.min(pts[0][0], pts[1][0]),
        r: Math.max(pts[0][0], pts[1][0]),
        b: Math.min(pts[0][1], pts[1][1]),
        t: Math.max(pts[0][1], pts[1][1]),
      };
    },
  };
  // The scratch buffer lives as long as the page is being edited; freed by releaseFrame.
  (frame as PageFrame & { _buf: number })._buf = out;
  return frame;
}

export function releaseFrame(m: Pdfium, frame: PageFrame): void {
  free(m, (frame as PageFrame & { _buf: number })._buf);
}
