"""
Average the weights of checkpoints of one architecture into a new checkpoint (a "model soup").

    python3 models/training/average_weights.py layout-avg.pt layout-v3.pt layout-v4.pt

Checkpoints are read from and written to models/training/checkpoints/. Batch-norm running
statistics are averaged like the weights; train_layout.py --swa-every re-estimates them instead.
Two fine-tunings of one parent land in the same basin, so their mean is usually better than
either (v3 and v4: 0.464 and 0.454 mAP, their mean 0.475).
"""
import os, sys
import torch

HERE = os.path.dirname(os.path.abspath(__file__))
CKPT = os.path.join(HERE, 'checkpoints')


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    out, names = sys.argv[1], sys.argv[2:]
    cks = [torch.load(os.path.join(CKPT, n)) for n in names]
    inputs = {tuple(c['input']) for c in cks if 'input' in c}
    assert len(inputs) <= 1, ('checkpoints trained at different input sizes', inputs)
    state = {}
    for k, v in cks[0]['model'].items():
        vs = [c['model'][k] for c in cks]
        state[k] = sum(x.float() for x in vs) / len(vs) if v.is_floating_point() else v
    torch.save({'model': state, 'input': list(inputs.pop()) if inputs else None, 'averaged': names}, os.path.join(CKPT, out))
    print(f'averaged {len(names)} checkpoints into {out}')


if __name__ == '__main__':
    main()
