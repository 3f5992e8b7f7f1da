"""
Train Quire's layout detector on CPU and export it to ONNX.

    python3 models/training/train_layout.py --minutes 60            # train (resumes from the last checkpoint)
    python3 models/training/train_layout.py --export-only           # export the last checkpoint

Data: <--data>/{weak,synth}.{u8,json} written by gen-weak-labels.ts and gen-synthetic.ts
(pages letterboxed to the input size grey, 576x768 by default; boxes [class, x1, y1, x2, y2]
in input pixels, class -1 = ignore region). The input size is read from the data. --data may
name several folders, comma-separated; their sets are concatenated.

Model: a small fully convolutional detector (strides 2..32 backbone, top-down FPN to stride
8, one shared head) with FCOS-style targets: positions inside a box's central region (and
always the cell holding its centre) are positives, smallest box wins; focal loss on class
scores, GIoU on left/top/right/bottom distances, BCE on centre-ness. The exported graph
decodes its own boxes and emits YOLOv8's layout, [1, 4 + C, N] = cx, cy, w, h (input
pixels) then C scores in [0, 1], so the runtime reads it like any YOLO-format detector.

Schedule: warm-up then cosine decay over --total-steps; or, with --swa-every N, a constant
learning rate with the weights averaged every N steps (stochastic weight averaging: the mean
of a trajectory generalises better than its end point); the average, its batch-norm
statistics re-estimated, is exported and saved as <checkpoint>-swa.pt.

Seeded (--seed), deterministic data order, 2 threads; checkpoints every --ckpt-minutes to
models/training/checkpoints/ (gitignored), resumable (the running average too).
"""
import argparse, json, math, os, time, random
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
# Network input; set from the data's "input" field (the generators' --size) before training,
# or from the checkpoint when only exporting.
W, H = 576, 768
STRIDE = 8
CLASSES = ['Caption', 'Footnote', 'Formula', 'ListItem', 'PageFooter', 'PageHeader', 'Picture',
           'SectionHeader', 'Table', 'Text', 'Title', 'KeyValuePair', 'Signature', 'Seal']
C = len(CLASSES)
MEAN, STD = 0.5, 0.5


def conv(cin, cout, s=1, d=1):
    return nn.Sequential(nn.Conv2d(cin, cout, 3, s, d, dilation=d, bias=False), nn.BatchNorm2d(cout), nn.ReLU(inplace=True))


class Residual(nn.Module):
    def __init__(self, c, d=1):
        super().__init__()
        self.body = nn.Sequential(nn.Conv2d(c, c, 3, 1, d, dilation=d, bias=False), nn.BatchNorm2d(c))

    def forward(self, x):
        return F.relu(x + self.body(x))


class LayoutNet(nn.Module):
    def __init__(self, widths=(16, 32, 64, 96, 128), fpn=64):
        super().__init__()
        a, b, c3, c4, c5 = widths
        self.s1 = conv(1, a, 2)                      # /2
        self.s2 = conv(a, b, 2)                      # /4
        self.s3 = nn.Sequential(conv(b, c3, 2), Residual(c3))          # /8
        self.s4 = nn.Sequential(conv(c3, c4, 2), Residual(c4), Residual(c4, 2))   # /16
        self.s5 = nn.Sequential(conv(c4, c5, 2), Residual(c5), Residual(c5, 2))   # /32
        self.l3, self.l4, self.l5 = nn.Conv2d(c3, fpn, 1), nn.Conv2d(c4, fpn, 1), nn.Conv2d(c5, fpn, 1)
        self.tower = nn.Sequential(conv(fpn, fpn), conv(fpn, fpn))
        self.cls = nn.Conv2d(fpn, C, 1)
        self.reg = nn.Conv2d(fpn, 4, 1)
        self.ctr = nn.Conv2d(fpn, 1, 1)
        nn.init.constant_(self.cls.bias, -4.6)       # prior 0.01
        nn.init.constant_(self.reg.bias, 1.0)

    def forward(self, x):
        x3 = self.s3(self.s2(self.s1(x)))
        x4 = self.s4(x3)
        x5 = self.s5(x4)
        p5 = self.l5(x5)
        p4 = self.l4(x4) + F.interpolate(p5, size=x4.shape[-2:], mode='nearest')
        p3 = self.l3(x3) + F.interpolate(p4, size=x3.shape[-2:], mode='nearest')
        t = self.tower(p3)
        # ltrb distances in units of 8 stride cells, exp keeps them positive
        return self.cls(t), torch.exp(self.reg(t).clamp(max=6.0)) * STRIDE, self.ctr(t)


def grid_centres(device):
    gy, gx = torch.meshgrid(torch.arange(H // STRIDE, device=device), torch.arange(W // STRIDE, device=device), indexing='ij')
    return ((gx.reshape(-1).float() + 0.5) * STRIDE, (gy.reshape(-1).float() + 0.5) * STRIDE)


class Exported(nn.Module):
    """Network + box decoding, emitting [1, 4 + C, N] like a YOLOv8 export."""

    def __init__(self, net):
        super().__init__()
        self.net = net
        cx, cy = grid_centres('cpu')
        self.register_buffer('cx', cx.view(1, 1, -1))
        self.register_buffer('cy', cy.view(1, 1, -1))

    def forward(self, x):
        cls, reg, ctr = self.net(x)
        n = cls.shape[0]
        cls = cls.reshape(n, C, -1)
        reg = reg.reshape(n, 4, -1)
        ctr = ctr.reshape(n, 1, -1)
        l, t, r, b = reg[:, 0:1], reg[:, 1:2], reg[:, 2:3], reg[:, 3:4]
        x1, y1, x2, y2 = self.cx - l, self.cy - t, self.cx + r, self.cy + b
        box = torch.cat([(x1 + x2) / 2, (y1 + y2) / 2, x2 - x1, y2 - y1], 1)
        score = torch.sqrt(torch.sigmoid(cls) * torch.sigmoid(ctr))
        return torch.cat([box, score], 1)


# ---------------- data ----------------

def set_input_size(w, h):
    global W, H
    assert w % 32 == 0 and h % 32 == 0, (w, h)
    W, H = w, h


class Pages:
    """Page images of several folders' sets, indexed as one list (the memmaps stay on disk)."""

    def __init__(self, parts):
        self.parts = parts
        self.starts = np.cumsum([0] + [len(p) for p in parts])
        self.shape = (int(self.starts[-1]),) + parts[0].shape[1:]

    def __getitem__(self, i):
        k = int(np.searchsorted(self.starts, i, side='right')) - 1
        return self.parts[k][i - self.starts[k]]


def load_set(data, name):
    """data: one folder or several, comma-separated; a file reached twice (a symlinked set) counts once."""
    seen, pixes, boxes, sources = set(), [], [], []
    for folder in data.split(','):
        path = os.path.realpath(os.path.join(folder, f'{name}.u8'))
        if path in seen:
            continue
        seen.add(path)
        meta = json.load(open(os.path.join(folder, f'{name}.json')))
        size = (meta['input']['width'], meta['input']['height'])
        assert not pixes or size == (W, H), ('folders differ in input size', folder, size, (W, H))
        set_input_size(*size)
        pix = np.memmap(path, dtype=np.uint8, mode='r').reshape(-1, H, W)
        assert pix.shape[0] == len(meta['pages']), (name, pix.shape, len(meta['pages']))
        pixes.append(pix)
        boxes += [np.array(p['boxes'], dtype=np.float32).reshape(-1, 5) for p in meta['pages']]
        sources += [p['source'] for p in meta['pages']]
    return Pages(pixes), boxes, sources


def augment(img, boxes, rng):
    """img: 1xHxW float in [-1, 1] (white = 1). Geometry (zoom, shift, slight skew) and scan artefacts."""
    s = rng.uniform(0.7, 1.08)
    ang = math.radians(rng.uniform(-1.5, 1.5)) if rng.random() < 0.4 else 0.0
    tx = rng.uniform(-(1 - s) if s < 1 else -0.04, (1 - s) if s < 1 else 0.04)
    ty = rng.uniform(-(1 - s) if s < 1 else -0.04, (1 - s) if s < 1 else 0.04)
    # forward map in normalised coords: p' = s R p + t ; grid_sample needs the inverse
    cos, sin = math.cos(ang), math.sin(ang)
    asp = H / W
    A = np.array([[s * cos, -s * sin * asp], [s * sin / asp, s * cos]])  # rotation in pixel-isotropic space
    Ainv = np.linalg.inv(A)
    t = np.array([tx, ty])
    theta = torch.tensor(np.concatenate([Ainv, (-Ainv @ t)[:, None]], 1), dtype=torch.float32).unsqueeze(0)
    grid = F.affine_grid(theta, (1, 1, H, W), align_corners=False)
    out = F.grid_sample((img - 1).unsqueeze(0), grid, mode='bilinear', padding_mode='zeros', align_corners=False)[0] + 1
    if len(boxes):
        b = boxes.copy()
        xs = np.stack([b[:, 1], b[:, 3], b[:, 3], b[:, 1]], 1) / W * 2 - 1
        ys = np.stack([b[:, 2], b[:, 2], b[:, 4], b[:, 4]], 1) / H * 2 - 1
        nx = A[0, 0] * xs + A[0, 1] * ys + t[0]
        ny = A[1, 0] * xs + A[1, 1] * ys + t[1]
        b[:, 1] = (nx.min(1) + 1) / 2 * W
        b[:, 3] = (nx.max(1) + 1) / 2 * W
        b[:, 2] = (ny.min(1) + 1) / 2 * H
        b[:, 4] = (ny.max(1) + 1) / 2 * H
        b[:, 1:5:2] = b[:, 1:5:2].clip(0, W)
        b[:, 2:5:2] = b[:, 2:5:2].clip(0, H)
        keep = ((b[:, 3] - b[:, 1]) >= 1.5) & ((b[:, 4] - b[:, 2]) >= 1.5)
        boxes = b[keep]
    # photometric / scan artefacts
    if rng.random() < 0.5:
        out = (out - 1) * rng.uniform(0.6, 1.2) + 1 + rng.uniform(-0.15, 0.05)
    if rng.random() < 0.3:
        out = F.avg_pool2d(out.unsqueeze(0), 3, 1, 1, count_include_pad=False)[0]
    if rng.random() < 0.3:
        out = out + torch.randn_like(out) * rng.uniform(0.03, 0.15)
    if rng.random() < 0.1:
        out = torch.where(out > rng.uniform(-0.2, 0.5), torch.ones_like(out), -torch.ones_like(out))
    if rng.random() < 0.1:
        k = rng.uniform(0.97, 1.0)
        speck = (torch.rand_like(out) > k).float()
        out = out * (1 - speck) - speck
    return out.clamp(-1.2, 1.2), boxes


# ---------------- targets and loss ----------------

def targets(boxes, cx, cy):
    """Per-position class (-1 background, -2 ignore), ltrb target and centre-ness target."""
    n = cx.shape[0]
    cls_t = torch.full((n,), -1, dtype=torch.long)
    reg_t = torch.zeros((n, 4))
    if len(boxes) == 0:
        return cls_t, reg_t
    b = torch.from_numpy(boxes)
    lab, x1, y1, x2, y2 = b[:, 0].long(), b[:, 1], b[:, 2], b[:, 3], b[:, 4]
    l = cx[:, None] - x1[None]
    t = cy[:, None] - y1[None]
    r = x2[None] - cx[:, None]
    bt = y2[None] - cy[:, None]
    inside = (torch.stack([l, t, r, bt], -1).min(-1).values > 0)
    bcx, bcy = (x1 + x2) / 2, (y1 + y2) / 2
    rx = torch.clamp(0.3 * (x2 - x1), min=STRIDE * 1.5)
    ry = torch.clamp(0.3 * (y2 - y1), min=STRIDE * 1.5)
    central = ((cx[:, None] - bcx[None]).abs() < rx[None]) & ((cy[:, None] - bcy[None]).abs() < ry[None])
    # the cell holding the centre is always positive (tiny boxes such as page numbers)
    cell = ((bcx / STRIDE).floor().clamp(0, W // STRIDE - 1) + (bcy / STRIDE).floor().clamp(0, H // STRIDE - 1) * (W // STRIDE)).long()
    forced = torch.zeros_like(inside)
    forced[cell, torch.arange(len(b))] = True
    pos = (inside & central) | forced
    area = ((x2 - x1) * (y2 - y1))[None].expand(n, -1).clone()
    real = lab >= 0
    area[~pos] = float('inf')
    area[:, ~real] = float('inf')
    best_area, best = area.min(1)
    has = torch.isfinite(best_area)
    cls_t[has] = lab[best[has]]
    idx = torch.arange(n)
    reg_t[has] = torch.stack([l[idx, best], t[idx, best], r[idx, best], bt[idx, best]], 1)[has].clamp(min=0.5)
    # ignore regions, and positions inside a real box but outside its central part
    ign = (inside[:, ~real].any(1) if (~real).any() else torch.zeros(n, dtype=torch.bool))
    soft = (inside[:, real].any(1) if real.any() else torch.zeros(n, dtype=torch.bool))
    cls_t[(~has) & (ign | soft)] = -2
    return cls_t, reg_t


def giou_loss(p, t):
    pl, pt, pr, pb = p.unbind(1)
    tl, tt, tr, tb = t.unbind(1)
    pa = (pl + pr) * (pt + pb)
    ta = (tl + tr) * (tt + tb)
    iw = torch.min(pl, tl) + torch.min(pr, tr)
    ih = torch.min(pt, tt) + torch.min(pb, tb)
    inter = iw.clamp(min=0) * ih.clamp(min=0)
    union = pa + ta - inter
    iou = inter / union.clamp(min=1e-6)
    ew = torch.max(pl, tl) + torch.max(pr, tr)
    eh = torch.max(pt, tt) + torch.max(pb, tb)
    enc = ew * eh
    return 1 - (iou - (enc - union) / enc.clamp(min=1e-6))


def loss_fn(out, cls_t, reg_t):
    cls, reg, ctr = out
    n = cls.shape[0]
    cls = cls.permute(0, 2, 3, 1).reshape(n, -1, C)
    reg = reg.permute(0, 2, 3, 1).reshape(n, -1, 4)
    ctr = ctr.permute(0, 2, 3, 1).reshape(n, -1)
    valid = cls_t != -2
    pos = cls_t >= 0
    npos = max(1.0, float(pos.sum()))
    onehot = torch.zeros_like(cls)
    onehot[pos] = F.one_hot(cls_t[pos], C).float()
    p = torch.sigmoid(cls)
    ce = F.binary_cross_entropy_with_logits(cls, onehot, reduction='none')
    pt = p * onehot + (1 - p) * (1 - onehot)
    alpha = 0.25 * onehot + 0.75 * (1 - onehot)
    focal = (alpha * (1 - pt) ** 2 * ce).sum(-1)
    l_cls = (focal * valid.float()).sum() / npos
    if pos.any():
        rt = reg_t[pos]
        lr, tb = rt[:, [0, 2]], rt[:, [1, 3]]
        ctr_t = torch.sqrt((lr.min(1).values / lr.max(1).values) * (tb.min(1).values / tb.max(1).values))
        l_reg = (giou_loss(reg[pos], rt) * ctr_t).sum() / ctr_t.sum().clamp(min=1e-6)
        l_ctr = F.binary_cross_entropy_with_logits(ctr[pos], ctr_t)
    else:
        l_reg = l_ctr = cls.sum() * 0
    return l_cls + 2.0 * l_reg + l_ctr, (float(l_cls), float(l_reg), float(l_ctr))


# ---------------- main ----------------

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--minutes', type=float, default=60)
    ap.add_argument('--batch', type=int, default=16)
    ap.add_argument('--lr', type=float, default=2e-3)
    ap.add_argument('--seed', type=int, default=7)
    ap.add_argument('--synth-share', type=float, default=0.4, help='share of synthetic pages per batch')
    ap.add_argument('--ckpt-minutes', type=float, default=5)
    ap.add_argument('--total-steps', type=int, default=6000, help='length of the cosine schedule')
    ap.add_argument('--export-only', action='store_true')
    ap.add_argument('--fresh', action='store_true', help='ignore an existing checkpoint')
    ap.add_argument('--out', default=os.path.join(ROOT, 'models', 'layout'))
    ap.add_argument('--name', default='quire-layout-v6', help='file name (without extension) of the exported model and manifest')
    ap.add_argument('--checkpoint', default='layout-last.pt', help='checkpoint file in models/training/checkpoints/')
    ap.add_argument('--data', default=os.environ.get('LAYOUT_DATA', os.path.join(HERE, 'data-576')), help='folder(s) of the generated pages, comma-separated')
    ap.add_argument('--init', help='start from the weights (only) of this checkpoint in models/training/checkpoints/, e.g. a model trained at another input size')
    ap.add_argument('--swa-every', type=int, default=0, help='stochastic weight averaging: hold the learning rate at --lr after warm-up and average the weights every N steps; the average is exported')
    ap.add_argument('--bn-batches', type=int, default=60, help='batches that re-estimate batch-norm statistics for the averaged weights')
    args = ap.parse_args()
    torch.set_num_threads(int(os.environ.get('TRAIN_THREADS', '2')))
    torch.manual_seed(args.seed)
    ckpt_dir = os.path.join(HERE, 'checkpoints')
    os.makedirs(ckpt_dir, exist_ok=True)
    ckpt_path = os.path.join(ckpt_dir, args.checkpoint)

    net = LayoutNet()
    opt = torch.optim.AdamW(net.parameters(), lr=args.lr, weight_decay=1e-4)
    step = 0
    log = []
    swa, swa_n = {}, 0                  # running mean of the weights (--swa-every)

    def save():
        torch.save({'model': net.state_dict(), 'opt': opt.state_dict(), 'step': step, 'log': log, 'input': [W, H],
                    'swa': swa, 'swa_n': swa_n}, ckpt_path)

    if os.path.exists(ckpt_path) and not args.fresh:
        ck = torch.load(ckpt_path)
        net.load_state_dict(ck['model'])
        opt.load_state_dict(ck['opt'])
        step = ck['step']
        log = ck.get('log', [])
        swa, swa_n = ck.get('swa', {}), ck.get('swa_n', 0)
        if 'input' in ck:
            set_input_size(*ck['input'])
        print(f'resumed at step {step}')
    elif args.init:
        ck = torch.load(os.path.join(ckpt_dir, args.init))
        net.load_state_dict(ck['model'])
        if args.export_only and ck.get('input'):
            set_input_size(*ck['input'])
        print(f'initialised from {args.init}')

    if not args.export_only:
        weak = load_set(args.data, 'weak')
        synth = load_set(args.data, 'synth')
        # one network input for both sets (each generator has its own --size)
        assert weak[0].shape[1:] == synth[0].shape[1:], ('weak and synthetic pages differ in size', weak[0].shape, synth[0].shape)
        cx, cy = grid_centres('cpu')

        def batch(seed):
            rng = random.Random(seed)
            imgs, cls_ts, reg_ts = [], [], []
            for _ in range(args.batch):
                pix, boxes, _ = synth if rng.random() < args.synth_share else weak
                i = rng.randrange(len(boxes))
                img = torch.from_numpy(np.asarray(pix[i], dtype=np.float32)).unsqueeze(0) / 255.0
                img = (img - MEAN) / STD
                img, bx = augment(img, boxes[i], rng)
                ct, rt = targets(bx, cx, cy)
                imgs.append(img)
                cls_ts.append(ct)
                reg_ts.append(rt)
            return torch.stack(imgs), torch.stack(cls_ts), torch.stack(reg_ts)

        started = time.time()
        last_ckpt = started
        net.train()
        while time.time() - started < args.minutes * 60 and step < args.total_steps:
            # the data order is a function of (seed, step): resuming continues the same stream
            imgs, cls_t, reg_t = batch(args.seed * 1_000_003 + step)
            warm = min(1.0, (step + 1) / 200)
            lr = args.lr * warm * (1.0 if args.swa_every else 0.5 * (1 + math.cos(math.pi * min(1.0, step / args.total_steps))))
            for g in opt.param_groups:
                g['lr'] = lr
            out = net(imgs)
            loss, parts = loss_fn(out, cls_t, reg_t)
            opt.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(net.parameters(), 10.0)
            opt.step()
            step += 1
            if args.swa_every and step % args.swa_every == 0:
                swa_n += 1
                for k, v in net.state_dict().items():
                    if v.is_floating_point():
                        swa[k] = v.detach().clone() if k not in swa else swa[k] + (v.detach() - swa[k]) / swa_n
            if step % 20 == 0:
                el = time.time() - started
                log.append({'step': step, 'loss': float(loss), 'cls': parts[0], 'reg': parts[1], 'ctr': parts[2], 'lr': lr})
                print(f'step {step} loss {float(loss):.3f} cls {parts[0]:.3f} reg {parts[1]:.3f} ctr {parts[2]:.3f} lr {lr:.5f} {el / 60:.1f} min', flush=True)
            if time.time() - last_ckpt > args.ckpt_minutes * 60:
                save()
                last_ckpt = time.time()
        save()
        if swa_n:
            # the averaged weights need batch-norm statistics of their own, re-estimated on training batches
            state = net.state_dict()
            state.update(swa)
            net.load_state_dict(state)
            for m in net.modules():
                if isinstance(m, nn.BatchNorm2d):
                    m.reset_running_stats()
                    m.momentum = None          # cumulative average over the re-estimation batches
            with torch.no_grad():
                for b in range(args.bn_batches):
                    net(batch(args.seed * 7_000_003 + b)[0])
            torch.save({'model': net.state_dict(), 'step': step, 'input': [W, H], 'swa_snapshots': swa_n}, ckpt_path.replace('.pt', '-swa.pt'))
            print(f'averaged {swa_n} snapshots, batch norm re-estimated on {args.bn_batches} batches')

    export(net, args.out, step, args.name)


def export(net, out_dir, step, name):
    net.eval()
    os.makedirs(out_dir, exist_ok=True)
    model = Exported(net).eval()
    onnx_path = os.path.join(out_dir, f'{name}.onnx')
    torch.onnx.export(model, torch.zeros(1, 1, H, W), onnx_path, input_names=['image'], output_names=['detections'], opset_version=13,
                      dynamic_axes=None, do_constant_folding=True)
    manifest = {
        'model': f'{name}.onnx', 'input_name': 'image', 'input_width': W, 'input_height': H, 'channels': 1,
        'mean': [MEAN], 'std': [STD], 'pad_value': 255, 'letterbox': 'center', 'output_format': 'yolo',
        'classes': CLASSES, 'score_threshold': 0.4, 'iou_threshold': 0.5, 'refine_boxes': 'ink', 'training_steps': step,
    }
    with open(os.path.join(out_dir, f'{name}.json'), 'w') as f:
        json.dump(manifest, f, indent=2)
    print(f'exported {onnx_path} ({os.path.getsize(onnx_path) / 1e6:.2f} MB) after {step} steps')


if __name__ == '__main__':
    main()
