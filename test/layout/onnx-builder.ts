/**
 * A minimal ONNX writer for tests: enough protobuf to build a model that ignores its input
 * (ReduceMean · 0) and emits a fixed detection tensor, so the layout loader, letterboxing,
 * decoding and class mapping can be checked against known boxes.
 */

function varint(n: number | bigint): number[] {
  let v = BigInt(n);
  const out: number[] = [];
  do {
    let b = Number(v & 0x7fn);
    v >>= 7n;
    if (v > 0n) b |= 0x80;
    out.push(b);
  } while (v > 0n);
  return out;
}
const key = (field: number, wire: number) => varint((field << 3) | wire);
const int = (field: number, v: number) => [...key(field, 0), ...varint(v)];
const bytes = (field: number, b: number[] | Uint8Array) => [...key(field, 2), ...varint(b.length), ...b];
const str = (field: number, s: string) => bytes(field, [...Buffer.from(s, 'utf8')]);

function tensor(name: string, dims: number[], values: Float32Array): number[] {
  const raw = new Uint8Array(values.buffer, values.byteOffset, values.byteLength);
  return [...dims.flatMap((d) => int(1, d)), ...int(2, 1), ...str(8, name), ...bytes(9, [...raw])];
}

function valueInfo(name: string, dims: number[]): number[] {
  const shape = dims.flatMap((d) => bytes(1, int(1, d)));
  const tensorType = [...int(1, 1), ...bytes(2, shape)];
  return [...str(1, name), ...bytes(2, bytes(1, tensorType))];
}

function node(op: string, inputs: string[], outputs: string[], attrs: number[][] = []): number[] {
  return [...inputs.flatMap((i) => str(1, i)), ...outputs.flatMap((o) => str(2, o)), ...str(4, op), ...attrs.flatMap((a) => bytes(5, a))];
}
/** AttributeProto of type INT (2). */
const intAttr = (name: string, v: number) => [...str(1, name), ...int(3, v), ...int(20, 2)];

/** A model with input `image` [1, channels, h, w] and output `detections` = `fixed` (shape `dims`). */
export function fixedOutputModel(input: { channels: number; height: number; width: number }, dims: number[], fixed: Float32Array): Uint8Array {
  const graph = [
    ...bytes(1, node('ReduceMean', ['image'], ['m'], [intAttr('keepdims', 0)])),
    ...bytes(1, node('Mul', ['m', 'zero'], ['z'])),
    ...bytes(1, node('Add', ['fixed', 'z'], ['detections'])),
    ...str(2, 'fixed-output'),
    ...bytes(5, tensor('zero', [], new Float32Array([0]))),
    ...bytes(5, tensor('fixed', dims, fixed)),
    ...bytes(11, valueInfo('image', [1, input.channels, input.height, input.width])),
    ...bytes(12, valueInfo('detections', dims)),
  ];
  const model = [...int(1, 7), ...str(2, 'quire-tests'), ...bytes(7, graph), ...bytes(8, [...str(1, ''), ...int(2, 13)])];
  return new Uint8Array(model);
}
