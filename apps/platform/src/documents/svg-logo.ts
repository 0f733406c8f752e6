/**
 * Draws a tenant logo (the small SVG subset the tenants package uses: `path`, `circle`, and
 * `text` with `tspan`s; fill, stroke, their opacities, width, caps and joins) as PDF vectors.
 */
export interface VectorCanvas {
  save(): this;
  restore(): this;
  translate(x: number, y: number): this;
  scale(factor: number): this;
  path(d: string): this;
  circle(x: number, y: number, r: number): this;
  fill(color: string): this;
  stroke(color: string): this;
  fillAndStroke(fill: string, stroke: string): this;
  fillOpacity(opacity: number): this;
  strokeOpacity(opacity: number): this;
  lineWidth(width: number): this;
  lineCap(cap: string): this;
  lineJoin(join: string): this;
  font(name: string): this;
  fontSize(size: number): this;
  fillColor(color: string): this;
  text(text: string, x: number, y: number, options: { lineBreak: false; baseline: 'alphabetic' }): this;
  widthOfString(text: string): number;
}

const elementPattern = /<(path|circle|text)\b([^>]*?)(?:\/>|>([\s\S]*?)<\/\1>)/g;
const attributePattern = /([\w:-]+)="([^"]*)"/g;
const spanPattern = /<tspan\b([^>]*)>([\s\S]*?)<\/tspan>/g;

function attributes(source: string): Record<string, string> {
  return Object.fromEntries([...source.matchAll(attributePattern)].map((match) => [match[1], match[2]]));
}

const decode = (text: string) =>
  text
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"');

/** Draws `svg` with its top-left at (x, y), `height` points tall; returns the drawn width. */
export function drawSvgLogo(
  canvas: VectorCanvas,
  svg: string,
  { x, y, height, font }: { x: number; y: number; height: number; font: string },
): number {
  const viewBox = /viewBox="([^"]+)"/
    .exec(svg)?.[1]
    ?.split(/[\s,]+/)
    .map(Number) ?? [0, 0, 100, 100];
  const [minX = 0, minY = 0, width = 100, boxHeight = 100] = viewBox;
  const scale = height / boxHeight;
  canvas.save().translate(x, y).scale(scale).translate(-minX, -minY);
  for (const [, tag, attributeSource = '', content = ''] of svg.matchAll(elementPattern)) {
    const attrs = attributes(attributeSource);
    if (tag === 'text') {
      drawText(canvas, attrs, content, font);
      continue;
    }
    canvas.save();
    if (tag === 'path' && attrs.d) canvas.path(attrs.d);
    if (tag === 'circle') canvas.circle(Number(attrs.cx ?? 0), Number(attrs.cy ?? 0), Number(attrs.r ?? 0));
    paint(canvas, attrs);
    canvas.restore();
  }
  canvas.restore();
  return width * scale;
}

function paint(canvas: VectorCanvas, attrs: Record<string, string>): void {
  const fill = attrs.fill ?? '#000000';
  const stroke = attrs.stroke;
  if (attrs['fill-opacity']) canvas.fillOpacity(Number(attrs['fill-opacity']));
  if (attrs['stroke-opacity']) canvas.strokeOpacity(Number(attrs['stroke-opacity']));
  if (attrs['stroke-width']) canvas.lineWidth(Number(attrs['stroke-width']));
  if (attrs['stroke-linecap']) canvas.lineCap(attrs['stroke-linecap']);
  if (attrs['stroke-linejoin']) canvas.lineJoin(attrs['stroke-linejoin']);
  if (stroke && stroke !== 'none') {
    if (fill === 'none') canvas.stroke(stroke);
    else canvas.fillAndStroke(fill, stroke);
  } else if (fill !== 'none') {
    canvas.fill(fill);
  }
}

function drawText(canvas: VectorCanvas, attrs: Record<string, string>, content: string, font: string): void {
  const size = Number(attrs['font-size'] ?? 16);
  let cursor = Number(attrs.x ?? 0);
  const baseline = Number(attrs.y ?? 0);
  const spans = [...content.matchAll(spanPattern)].map((match) => ({
    fill: attributes(match[1] ?? '').fill ?? attrs.fill ?? '#000000',
    text: decode(match[2] ?? ''),
  }));
  const runs = spans.length > 0 ? spans : [{ fill: attrs.fill ?? '#000000', text: decode(content.trim()) }];
  canvas.save().font(font).fontSize(size);
  for (const run of runs) {
    canvas.fillColor(run.fill).text(run.text, cursor, baseline, { lineBreak: false, baseline: 'alphabetic' });
    cursor += canvas.widthOfString(run.text);
  }
  canvas.restore();
}
