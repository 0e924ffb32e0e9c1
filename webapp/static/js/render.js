// Draws one snapshot of the board: the renderer keeps no state of its own.
import { teamColour } from "./colours.js";
import { heading } from "./geometry.js";

const WOOD = "#e9c98f";
const WOOD_DARK = "#c99a5b";
const DITCH = "#5b3a1f";
const RAIL = "#3d2613";
const LINE = "#2b1d10";
const GLOW = "rgba(255, 221, 0, 0.95)";

function circle(ctx, x, y, r) {
  ctx.beginPath();
  ctx.arc(x, y, r, 0, 2 * Math.PI);
}

function drawBoard(ctx, view, scene) {
  const b = view.board;
  const outerRail = b.surface_r + b.ditch_width;
  circle(ctx, 0, 0, outerRail);
  ctx.fillStyle = RAIL;
  ctx.fill();
  circle(ctx, 0, 0, outerRail - view.px(3));
  ctx.fillStyle = DITCH;
  ctx.fill();
  const grad = ctx.createRadialGradient(0, 0, b.hole_r, 0, 0, b.surface_r);
  grad.addColorStop(0, WOOD);
  grad.addColorStop(1, WOOD_DARK);
  circle(ctx, 0, 0, b.surface_r);
  ctx.fillStyle = grad;
  ctx.fill();

  // Each seat's quarter, from the middle line out to the edge, tinted in its player's colour.
  for (const { seat, colour, active } of scene.seats) {
    const a = b.seats[seat].angle;
    ctx.beginPath();
    ctx.arc(0, 0, b.surface_r, a - Math.PI / 4, a + Math.PI / 4);
    ctx.arc(0, 0, b.middle_r, a + Math.PI / 4, a - Math.PI / 4, true);
    ctx.closePath();
    ctx.fillStyle = teamColour(colour).tint;
    ctx.fill();
    if (active) {
      ctx.beginPath();
      ctx.arc(0, 0, b.shooting_r, ...b.seats[seat].span);
      ctx.strokeStyle = teamColour(colour).fill;
      ctx.lineWidth = view.px(5);
      ctx.stroke();
    }
  }

  ctx.strokeStyle = LINE;
  for (const r of [b.outer_r, b.middle_r, b.fifteen_r]) {
    circle(ctx, 0, 0, r);
    ctx.lineWidth = Math.max(b.line_width, view.px(1));
    ctx.stroke();
  }
  for (const a of b.quarter_line_angles) {
    ctx.beginPath();
    ctx.moveTo(b.middle_r * Math.cos(a), b.middle_r * Math.sin(a));
    ctx.lineTo(b.outer_r * Math.cos(a), b.outer_r * Math.sin(a));
    ctx.lineWidth = Math.max(b.line_width, view.px(1));
    ctx.stroke();
  }
  if (scene.fifteenGlow) {
    ctx.save();
    ctx.shadowColor = GLOW;
    ctx.shadowBlur = 14 * view.dpr;
    circle(ctx, 0, 0, b.fifteen_r);
    ctx.strokeStyle = GLOW;
    ctx.lineWidth = view.px(4);
    ctx.stroke();
    ctx.restore();
  }

  circle(ctx, 0, 0, b.hole_r);
  ctx.fillStyle = "#1a0f07";
  ctx.fill();
  for (const [x, y] of b.pegs) {
    circle(ctx, x, y, b.peg_r);
    ctx.fillStyle = "#222";
    ctx.fill();
    circle(ctx, x - b.peg_r * 0.25, y + b.peg_r * 0.25, b.peg_r * 0.35);
    ctx.fillStyle = "rgba(255,255,255,0.35)";
    ctx.fill();
  }
}

function drawDisc(ctx, view, d) {
  const b = view.board;
  const c = teamColour(d.colour);
  const r = b.disc_r * (d.scale ?? 1);
  ctx.save();
  ctx.globalAlpha = d.alpha ?? 1;
  if (d.glow) {
    ctx.shadowColor = GLOW;
    ctx.shadowBlur = 16 * view.dpr;
    circle(ctx, d.x, d.y, r + view.px(3));
    ctx.fillStyle = GLOW;
    ctx.fill();
    ctx.shadowBlur = 0;
  }
  circle(ctx, d.x, d.y, r);
  ctx.fillStyle = c.fill;
  ctx.fill();
  ctx.lineWidth = view.px(1.5);
  ctx.strokeStyle = c.edge;
  ctx.stroke();
  circle(ctx, d.x, d.y, r * 0.62);
  ctx.strokeStyle = "rgba(255,255,255,0.35)";
  ctx.lineWidth = view.px(1);
  ctx.stroke();
  if (d.foul) {
    // Penalised: a red ring and cross.
    const k = r * 0.55;
    circle(ctx, d.x, d.y, r + view.px(2));
    ctx.moveTo(d.x - k, d.y - k);
    ctx.lineTo(d.x + k, d.y + k);
    ctx.moveTo(d.x - k, d.y + k);
    ctx.lineTo(d.x + k, d.y - k);
    ctx.strokeStyle = "#d01010";
    ctx.lineWidth = view.px(3.5);
    ctx.lineCap = "round";
    ctx.stroke();
  }
  ctx.restore();
}

function drawChevron(ctx, view, x, y, dx, dy) {
  const s = view.board.disc_r * 0.45;
  const nx = -dy;
  const ny = dx;
  ctx.beginPath();
  ctx.moveTo(x - dx * s + nx * s, y - dy * s + ny * s);
  ctx.lineTo(x + dx * s, y + dy * s);
  ctx.lineTo(x - dx * s - nx * s, y - dy * s - ny * s);
  ctx.stroke();
}

function drawPending(ctx, view, p) {
  const b = view.board;
  drawDisc(ctx, view, { ...p, alpha: 1 });
  if (p.blocked) {
    circle(ctx, p.x, p.y, b.disc_r + view.px(3));
    ctx.strokeStyle = "#d01010";
    ctx.lineWidth = view.px(3);
    ctx.stroke();
  }
  if (p.arrows) {
    // Arrows either side along the line: slide me.
    const a = Math.atan2(p.y, p.x);
    const tx = -Math.sin(a);
    const ty = Math.cos(a);
    ctx.strokeStyle = "#fff";
    ctx.lineWidth = view.px(3);
    ctx.lineCap = "round";
    for (const sgn of [-1, 1]) {
      const off = b.disc_r * 1.9;
      drawChevron(ctx, view, p.x + sgn * tx * off, p.y + sgn * ty * off, sgn * tx, sgn * ty);
    }
  }
  if (p.aim && p.aim.power > 0) {
    const h = heading(b, p.seat, p.aim.angle);
    const dx = Math.cos(h);
    const dy = Math.sin(h);
    const n = 9;
    const reach = b.disc_r * 2 + p.aim.power * b.outer_r * 0.6;
    ctx.fillStyle = "rgba(255,255,255,0.95)";
    ctx.strokeStyle = "rgba(0,0,0,0.45)";
    ctx.lineWidth = view.px(1);
    for (let k = 1; k <= n; k++) {
      const t = b.disc_r * 1.4 + (reach * k) / n;
      circle(ctx, p.x + dx * t, p.y + dy * t, view.px(3.2) * (1 - (0.5 * k) / n));
      ctx.fill();
      ctx.stroke();
    }
    // The power ring round the disc fills clockwise from the top of the disc.
    const ringR = b.disc_r + view.px(7);
    circle(ctx, p.x, p.y, ringR);
    ctx.strokeStyle = "rgba(0,0,0,0.35)";
    ctx.lineWidth = view.px(6);
    ctx.stroke();
    ctx.beginPath();
    ctx.arc(p.x, p.y, ringR, Math.PI / 2, Math.PI / 2 - p.aim.power * 2 * Math.PI, true);
    const hue = 120 - 120 * p.aim.power;
    ctx.strokeStyle = `hsl(${hue}, 85%, 50%)`;
    ctx.lineWidth = view.px(5);
    ctx.stroke();
  }
}

/**
 * scene: {seats: [{seat, colour, active}], fifteenGlow, discs: [{x, y, colour, glow, alpha, scale, foul}],
 *         pending: {x, y, colour, seat, arrows, blocked, aim: {angle, power}} | null}
 */
export function render(ctx, view, scene) {
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, view.canvas.width, view.canvas.height);
  view.apply(ctx);
  drawBoard(ctx, view, scene);
  for (const d of scene.discs) drawDisc(ctx, view, d);
  if (scene.pending) drawPending(ctx, view, scene.pending);
}
