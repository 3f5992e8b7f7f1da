/** Decoding limits for image inputs, checked against headers before any pixel is decoded. */
export interface ImageLimits {
  /**
   * Largest width × height of one page. 100 MP holds a Letter page scanned at 1000 DPI
   * (94 MP); decoded as RGB that is 300 MB, the most one pool worker should hold at once.
   */
  maxPixels: number;
  /** Largest side of one page in pixels, against absurd aspect ratios under maxPixels. */
  maxSide: number;
  /**
   * Most pages (TIFF directories) a file may have: the directory walk stops and refuses
   * the file as soon as it passes this, before any page is decoded. The engine passes its
   * `maxPages`; unlimited by default.
   */
  maxPages: number;
}

export const DEFAULT_IMAGE_LIMITS: ImageLimits = {
  maxPixels: 100_000_000,
  maxSide: 65_000,
  maxPages: Number.POSITIVE_INFINITY,
};
