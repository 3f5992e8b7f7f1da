/**
 * A layout detector behind a manifest, run with onnxruntime-node. One session per worker
 * thread, created on first use; one intra-op thread by default (the pool already runs one
 * worker per core) and no spinning, so idle workers do not burn the other cores.
 */
import { createRequire } from 'node:module';
import type * as ort from 'onnxruntime-node';
import type { RasterImage } from '../ocr/interface.js';
import type { LayoutEngine, LayoutRegion } from './interface.js';
import { decodeYolo, nonMaxSuppression } from './decode-yolo.js';
import { letterbox, toTensorData, type LetterboxSpec } from './letterbox.js';
import { resolveClasses, type LoadedManifest } from './manifest.js';
import { snapRegionsToInk } from './snap-to-ink.js';
import { applyNativeEnv } from '../../runtime/native-env.js';
import { nativeSection } from '../../workers/native-guard.js';
import type { LayoutClass } from './interface.js';

// Required on first use, not at import: loading the native runtime costs a pool worker tens
// of milliseconds at start-up, and most text-layer pages never reach the model. Its telemetry
// is switched off first (native-env.ts; pool workers have it from the main thread).
const require = createRequire(import.meta.url);
let runtime: typeof ort | undefined;
const onnx = (): typeof ort => {
  if (!runtime) {
    applyNativeEnv();
    runtime = require('onnxruntime-node') as typeof ort;
  }
  return runtime;
};

export interface PreparedInput {
  tensor: ort.Tensor;
  /** Letterbox geometry: input pixels per raster pixel and the padding offsets. */
  scale: number;
  offsetX: number;
  offsetY: number;
}

export interface OnnxLayoutOptions {
  intraOpThreads?: number;
  scoreThreshold?: number;
  iouThreshold?: number;
}

export class OnnxLayoutEngine implements LayoutEngine {
  readonly name: string;
  private readonly classes: Array<LayoutClass | null>;
  private readonly spec: LetterboxSpec;

  private constructor(
    private readonly manifest: LoadedManifest,
    private readonly session: ort.InferenceSession,
    private readonly opts: OnnxLayoutOptions,
  ) {
    this.name = manifest.model;
    this.classes = resolveClasses(manifest);
    this.spec = { width: manifest.input_width, height: manifest.input_height, channels: manifest.channels, padValue: manifest.pad_value, placement: manifest.letterbox };
  }

  get inputWidth(): number {
    return this.spec.width;
  }

  get inputHeight(): number {
    return this.spec.height;
  }

  static async create(manifest: LoadedManifest, opts: OnnxLayoutOptions = {}): Promise<OnnxLayoutEngine> {
    // Native sections: a pool worker terminated inside onnxruntime aborts the process (workers/native-guard.ts).
    const session = await nativeSection(() => onnx().InferenceSession.create(manifest.modelPath, {
      intraOpNumThreads: opts.intraOpThreads ?? 1,
      interOpNumThreads: 1,
      executionMode: 'sequential',
      graphOptimizationLevel: 'all',
      // Planning a memory pattern pays only from a session's third run; pages usually need one
      // or two (measured: first runs 77/20 ms without it, 81/59 ms with it, same afterwards).
      enableMemPattern: false,
      extra: { session: { intra_op: { allow_spinning: '0' }, inter_op: { allow_spinning: '0' } } },
    }));
    return new OnnxLayoutEngine(manifest, session, opts);
  }

  /** detect() in its three steps, exposed so that a benchmark can time inference alone. */
  async prepare(image: RasterImage): Promise<PreparedInput> {
    const lb = await letterbox(image, this.spec);
    const data = toTensorData(lb.pixels, this.spec, this.manifest.mean, this.manifest.std);
    const tensor = new (onnx().Tensor)('float32', data, [1, this.spec.channels, this.spec.height, this.spec.width]);
    return { tensor, scale: lb.scale, offsetX: lb.offsetX, offsetY: lb.offsetY };
  }

  async infer(tensor: ort.Tensor): Promise<{ data: Float32Array; dims: readonly number[] }> {
    const inputName = this.manifest.input_name ?? this.session.inputNames[0]!;
    const result = await nativeSection(() => this.session.run({ [inputName]: tensor }));
    const out = result[this.session.outputNames[0]!]!;
    return { data: out.data as Float32Array, dims: out.dims };
  }

  async detect(image: RasterImage): Promise<LayoutRegion[]> {
    const input = await this.prepare(image);
    return this.decode(await this.infer(input.tensor), input, image);
  }

  /** Output → regions in pixels of `image` (the raster `input` was prepared from), refined as the manifest says. */
  decode({ data, dims }: { data: Float32Array; dims: readonly number[] }, input: PreparedInput, image: RasterImage): LayoutRegion[] {
    const { scale, offsetX, offsetY } = input;
    const scoreThreshold = this.opts.scoreThreshold ?? this.manifest.score_threshold ?? 0.25;
    const iouThreshold = this.opts.iouThreshold ?? this.manifest.iou_threshold ?? 0.5;
    const kept = nonMaxSuppression(decodeYolo(data, dims, this.classes.length, scoreThreshold), iouThreshold);
    const regions: LayoutRegion[] = [];
    for (const d of kept) {
      const type = this.classes[d.classIndex];
      if (!type) continue;
      // input pixels → raster pixels, clipped to the raster
      const x1 = Math.max(0, (d.x1 - offsetX) / scale);
      const y1 = Math.max(0, (d.y1 - offsetY) / scale);
      const x2 = Math.min(image.width, (d.x2 - offsetX) / scale);
      const y2 = Math.min(image.height, (d.y2 - offsetY) / scale);
      if (x2 - x1 < 1 || y2 - y1 < 1) continue;
      regions.push({ type, left: x1, top: y1, width: x2 - x1, height: y2 - y1, score: d.score });
    }
    return (this.manifest.refine_boxes ?? 'ink') === 'ink' ? snapRegionsToInk(regions, image) : regions;
  }

  async close(): Promise<void> {
    await nativeSection(() => this.session.release());
  }
}
