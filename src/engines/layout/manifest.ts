/**
 * The layout model manifest: everything the runtime needs to feed a detector and read its
 * output, so that a compatible model (ours, or a YOLO-format DocLayNet detector a user
 * trained) is swapped in by configuration alone. Format documented in README.md.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ValidationError } from '../../errors.js';
import { LAYOUT_CLASSES, type LayoutClass } from './interface.js';

export interface LayoutModelManifest {
  /** ONNX file, relative to the manifest. */
  model: string;
  /** Input tensor name (default: the model's first input). */
  input_name?: string;
  /** Network input size in pixels; pages are letterboxed into it. */
  input_width: number;
  input_height: number;
  /** 1 = grey (1×1×H×W), 3 = RGB (1×3×H×W). */
  channels: 1 | 3;
  /** pixel' = (pixel / 255 - mean) / std, per channel (one value for all channels allowed). */
  mean: number[];
  std: number[];
  /** Letterbox padding value, 0–255 (white for documents; YOLO models use 114). */
  pad_value: number;
  /** Where the resized page sits in the input: centred (YOLO convention) or top-left. */
  letterbox: 'center' | 'top_left';
  /**
   * `yolo`: one output [1, 4 + C, N] (or [1, N, 4 + C]) of centre-x, centre-y, width, height
   * in input pixels followed by C class scores in [0, 1] (YOLOv8 export, no objectness).
   */
  output_format: 'yolo';
  /** The model's class names in output order. */
  classes: string[];
  /** Map from model class name to Quire's layout class (omitted names map to themselves; null drops the class). */
  class_map?: Record<string, LayoutClass | null>;
  score_threshold?: number;
  iou_threshold?: number;
  /**
   * Box refinement after decoding: `ink` (default) snaps each box to the dark pixels it
   * holds (see snap-to-ink.ts); `none` keeps the detector's boxes as they are.
   */
  refine_boxes?: 'ink' | 'none';
}

const ALIASES: Record<string, LayoutClass> = {
  caption: 'Caption', footnote: 'Footnote', formula: 'Formula', equation: 'Formula', 'list-item': 'ListItem', list_item: 'ListItem',
  'page-footer': 'PageFooter', page_footer: 'PageFooter', 'page-header': 'PageHeader', page_header: 'PageHeader',
  picture: 'Picture', figure: 'Picture', 'section-header': 'SectionHeader', section_header: 'SectionHeader',
  table: 'Table', text: 'Text', title: 'Title', key_value: 'KeyValuePair', 'key-value': 'KeyValuePair',
  signature: 'Signature', seal: 'Seal', stamp: 'Seal',
};

function fail(file: string, msg: string): never {
  throw new ValidationError('layout_model', `Layout model manifest ${file}: ${msg}`);
}

/** Quire's class for each model output class (null: ignored). */
export function resolveClasses(m: LayoutModelManifest): Array<LayoutClass | null> {
  return m.classes.map((name) => {
    if (m.class_map && name in m.class_map) return m.class_map[name] ?? null;
    if ((LAYOUT_CLASSES as readonly string[]).includes(name)) return name as LayoutClass;
    return ALIASES[name.toLowerCase()] ?? null;
  });
}

export interface LoadedManifest extends LayoutModelManifest {
  /** Absolute path of the ONNX file. */
  modelPath: string;
}

export function loadManifest(file: string): LoadedManifest {
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    fail(file, `cannot be read as JSON (${(err as Error).message})`);
  }
  const m = raw as Partial<LayoutModelManifest>;
  const posInt = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v > 0 && v <= 4096;
  if (typeof m.model !== 'string' || m.model === '') fail(file, '"model" (the ONNX file) is required');
  if (!posInt(m.input_width) || !posInt(m.input_height)) fail(file, '"input_width" and "input_height" must be integers in 1..4096');
  if (m.channels !== 1 && m.channels !== 3) fail(file, '"channels" must be 1 or 3');
  for (const k of ['mean', 'std'] as const) {
    const v = m[k];
    if (!Array.isArray(v) || (v.length !== 1 && v.length !== m.channels) || v.some((x) => typeof x !== 'number' || !Number.isFinite(x))) {
      fail(file, `"${k}" must be 1 or ${m.channels} numbers`);
    }
  }
  if (m.std!.some((x) => x === 0)) fail(file, '"std" must not be 0');
  if (m.output_format !== 'yolo') fail(file, '"output_format" must be "yolo"');
  if (m.refine_boxes !== undefined && m.refine_boxes !== 'ink' && m.refine_boxes !== 'none') fail(file, '"refine_boxes" must be "ink" or "none"');
  if (!Array.isArray(m.classes) || m.classes.length === 0 || m.classes.some((c) => typeof c !== 'string')) fail(file, '"classes" must list the class names');
  const modelPath = path.resolve(path.dirname(file), m.model!);
  if (!fs.existsSync(modelPath)) fail(file, `model file ${modelPath} does not exist`);
  const manifest: LoadedManifest = {
    ...(m as LayoutModelManifest),
    pad_value: typeof m.pad_value === 'number' ? m.pad_value : 255,
    letterbox: m.letterbox === 'top_left' ? 'top_left' : 'center',
    modelPath,
  };
  if (resolveClasses(manifest).every((c) => c === null)) fail(file, 'none of the model classes maps to a layout class (add "class_map")');
  return manifest;
}
