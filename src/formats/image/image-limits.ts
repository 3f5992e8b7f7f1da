/** Decoding limits for image inputs, checked against headers before any pixel is decoded. */
export interface ImageLimits {
  /**
   * Largest width × height of one page. 100 MP holds a Letter page scanned at 1000 DPI
   * (94 MP); decoded as RGB that is 300 MB, the most one pool worker should hold at once.
   */
  maxPixels: number;
  /** Largest side of one page in pixels, against absurd aspect ratios under maxPixels. */
  maxSide: number;
}

export const DEFAULT_IMAGE_LIMITS: ImageLimits = {
  maxPixels: 100_000_000,
  maxSide: 65_000,
};
