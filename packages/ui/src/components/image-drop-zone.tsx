import { type DragEvent, useId, useState } from 'react';
import { cn } from '../lib/cn.ts';
import { IMAGE_HELP_TEXT, IMAGE_INVALID_MESSAGE } from '../lib/image-file.ts';
import { FieldError } from './field-error.tsx';

export interface ImageDropZoneProps {
  acceptedFileTypes: string[];
  invalid: boolean;
  onFile: (file: File) => void;
}

/** A file input styled as a drop target, with the spec's help text and invalid-file message. */
export function ImageDropZone({ acceptedFileTypes, invalid, onFile }: ImageDropZoneProps) {
  const id = useId();
  const [over, setOver] = useState(false);

  function handleDrop(event: DragEvent<HTMLLabelElement>) {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file) onFile(file);
  }

  return (
    <div className="flex flex-col gap-2">
      <label
        htmlFor={id}
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={handleDrop}
        className={cn(
          'flex cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-input border-dashed bg-muted/50 px-6 py-10 text-center',
          'has-[input:focus-visible]:ring-[3px] has-[input:focus-visible]:ring-ring',
          over && 'border-primary bg-primary/5',
          invalid && 'border-error',
        )}
      >
        <span className="font-semibold text-primary">Choose an image</span>
        <span className="text-muted-foreground text-sm">or drag and drop it here</span>
        <input
          id={id}
          type="file"
          accept={acceptedFileTypes.join(',')}
          aria-invalid={invalid || undefined}
          aria-describedby={`${id}-help${invalid ? ` ${id}-error` : ''}`}
          className="sr-only"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) onFile(file);
          }}
        />
      </label>
      <p id={`${id}-help`} className="text-muted-foreground text-sm">
        {IMAGE_HELP_TEXT}
      </p>
      {invalid ? (
        <FieldError id={`${id}-error`} role="alert">
          {IMAGE_INVALID_MESSAGE}
        </FieldError>
      ) : null}
    </div>
  );
}
