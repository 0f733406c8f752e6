import { type KeyboardEvent, type PointerEvent, useEffect, useId, useRef, useState } from 'react';
import {
  CROP_CANVAS_SIZE,
  type CropMode,
  type CropRect,
  dragCrop,
  fitImage,
  hitCrop,
} from '../lib/crop-box.ts';
import { drawCropView } from '../lib/draw-crop-view.ts';

export interface ImageCropperProps {
  src: string;
  crop: CropRect | undefined;
  onCropChange: (crop: CropRect) => void;
  /** Called once the image has loaded, with where it sits on the canvas. */
  onImageLoad: (image: HTMLImageElement, fitted: CropRect) => void;
}

const KEY_STEP = 5;
const cursors: Record<CropMode, string> = {
  move: 'move',
  nw: 'nwse-resize',
  se: 'nwse-resize',
  ne: 'nesw-resize',
  sw: 'nesw-resize',
};
const arrows: Record<string, [number, number]> = {
  ArrowLeft: [-KEY_STEP, 0],
  ArrowRight: [KEY_STEP, 0],
  ArrowUp: [0, -KEY_STEP],
  ArrowDown: [0, KEY_STEP],
};

/** The 300×300 editing canvas: drag the box to move it, a corner to resize; arrows move, Shift+arrows resize. */
export function ImageCropper({ src, crop, onCropChange, onImageLoad }: ImageCropperProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const image = useRef<HTMLImageElement>(null);
  const [fitted, setFitted] = useState<CropRect>();
  const [cursor, setCursor] = useState('default');
  const drag = useRef<{ mode: CropMode; x: number; y: number; from: CropRect }>(undefined);
  const helpId = useId();

  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (!context || !image.current || !fitted || !crop) return;
    drawCropView(context, image.current, fitted, crop);
  }, [crop, fitted]);

  function point(event: PointerEvent<HTMLCanvasElement>) {
    const box = event.currentTarget.getBoundingClientRect();
    const scale = box.width ? CROP_CANVAS_SIZE / box.width : 1;
    return { x: (event.clientX - box.left) * scale, y: (event.clientY - box.top) * scale };
  }

  function handlePointerDown(event: PointerEvent<HTMLCanvasElement>) {
    if (!crop) return;
    const { x, y } = point(event);
    const mode = hitCrop(crop, x, y);
    if (!mode) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { mode, x, y, from: crop };
  }

  function handlePointerMove(event: PointerEvent<HTMLCanvasElement>) {
    const { x, y } = point(event);
    if (!drag.current || !fitted) {
      const mode = crop ? hitCrop(crop, x, y) : undefined;
      setCursor(mode ? cursors[mode] : 'default');
      return;
    }
    const { mode, from } = drag.current;
    onCropChange(dragCrop(from, mode, x - drag.current.x, y - drag.current.y, fitted));
  }

  function handleKeyDown(event: KeyboardEvent<HTMLCanvasElement>) {
    const step = arrows[event.key];
    if (!step || !crop || !fitted) return;
    event.preventDefault();
    onCropChange(dragCrop(crop, event.shiftKey ? 'se' : 'move', step[0], step[1], fitted));
  }

  return (
    <div className="flex flex-col items-center gap-2">
      <img
        ref={image}
        src={src}
        alt=""
        hidden
        onLoad={(event) => {
          const loaded = event.currentTarget;
          const fit = fitImage(loaded.naturalWidth, loaded.naturalHeight);
          setFitted(fit);
          onImageLoad(loaded, fit);
        }}
      />
      <canvas
        ref={canvas}
        data-slot="image-cropper"
        width={CROP_CANVAS_SIZE}
        height={CROP_CANVAS_SIZE}
        role="img"
        aria-label="Crop area"
        aria-describedby={helpId}
        tabIndex={0}
        style={{ cursor, touchAction: 'none' }}
        onPointerDown={handlePointerDown}
        onPointerMove={handlePointerMove}
        onPointerUp={() => {
          drag.current = undefined;
        }}
        onKeyDown={handleKeyDown}
        className="size-[300px] rounded-lg bg-muted outline-none focus-visible:ring-[3px] focus-visible:ring-ring"
      />
      <p id={helpId} className="text-muted-foreground text-xs">
        Drag to move the crop, drag a corner to resize. Arrow keys move it; Shift and arrow keys resize it.
      </p>
      <p aria-live="polite" className="sr-only">
        {crop ? `Crop ${Math.round(crop.width)} by ${Math.round(crop.height)}` : ''}
      </p>
    </div>
  );
}
