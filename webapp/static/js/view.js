// Board millimetres <-> canvas pixels. The whole board (surface and ditch) fits the canvas; the backing store
// follows the device pixel ratio so lines stay crisp on phones.

export class View {
  constructor(canvas, board) {
    this.canvas = canvas;
    this.board = board;
    this.extent = board.surface_r + board.ditch_width; // mm from the centre to the rail
    this.resize();
  }

  /** Match the backing store to the element's size; returns true when it changed. */
  resize() {
    const rect = this.canvas.getBoundingClientRect();
    const dpr = window.devicePixelRatio || 1;
    const w = Math.max(1, Math.round(rect.width * dpr));
    const h = Math.max(1, Math.round(rect.height * dpr));
    const changed = w !== this.canvas.width || h !== this.canvas.height;
    if (changed) {
      this.canvas.width = w;
      this.canvas.height = h;
    }
    this.dpr = dpr;
    this.cssWidth = rect.width;
    this.cssHeight = rect.height;
    this.scale = (Math.min(rect.width, rect.height) / 2 / this.extent) * 0.985; // CSS px per mm
    return changed;
  }

  /** A board point in CSS pixels relative to the canvas. */
  toCss(x, y) {
    return { x: this.cssWidth / 2 + x * this.scale, y: this.cssHeight / 2 - y * this.scale };
  }

  /** A client (event) point in board mm. */
  toBoard(clientX, clientY) {
    const rect = this.canvas.getBoundingClientRect();
    return {
      x: (clientX - rect.left - this.cssWidth / 2) / this.scale,
      y: -(clientY - rect.top - this.cssHeight / 2) / this.scale,
    };
  }

  /** A board point in client (viewport) pixels, for tests and overlays. */
  toClient(x, y) {
    const rect = this.canvas.getBoundingClientRect();
    const p = this.toCss(x, y);
    return { x: rect.left + p.x, y: rect.top + p.y };
  }

  /** Set the context so drawing happens in board mm with +y up. */
  apply(ctx) {
    const s = this.scale * this.dpr;
    ctx.setTransform(s, 0, 0, -s, (this.cssWidth / 2) * this.dpr, (this.cssHeight / 2) * this.dpr);
  }

  /** Line width in mm that shows as ``px`` CSS pixels. */
  px(px) {
    return px / this.scale;
  }
}
