import { useEffect, useRef, useState } from 'react';
import type { CropRect } from '../lib/crop-box.ts';
import { cropToPng } from '../lib/crop-to-png.ts';
import {
  fetchImageFile,
  IMAGE_ACCEPTED_TYPES,
  IMAGE_MAX_FILE_SIZE,
  isValidImageFile,
} from '../lib/image-file.ts';
import { Button } from './button.tsx';
import { ImageCropper } from './image-cropper.tsx';
import { ImageDropZone } from './image-drop-zone.tsx';
import { Modal } from './modal.tsx';

export interface ImagePickerProps {
  /** Emitted on Save: the edited image as a PNG. */
  onSave: (file: File) => void;
  acceptedFileTypes?: string[];
  maxFileSize?: number;
  /** The text of the button that opens the picker. */
  title?: string;
  /** An image to start from; it is fetched and opened in the editor. */
  imageUrl?: string;
  uploadHeaderText?: string;
  editHeaderText?: string;
  className?: string;
}

type Step = 'closed' | 'select' | 'edit';

/** Select an image (spec §4: select modal, then editor modal), crop and move it, and Save a PNG. */
export function ImagePicker({
  onSave,
  acceptedFileTypes = IMAGE_ACCEPTED_TYPES,
  maxFileSize = IMAGE_MAX_FILE_SIZE,
  title = 'Upload image',
  imageUrl,
  uploadHeaderText = 'Upload image',
  editHeaderText = 'Edit image',
  className,
}: ImagePickerProps) {
  const [step, setStep] = useState<Step>('closed');
  const [invalid, setInvalid] = useState(false);
  const [source, setSource] = useState<{ url: string; name: string }>();
  const [crop, setCrop] = useState<CropRect>();
  const loaded = useRef<{ image: HTMLImageElement; fitted: CropRect }>(undefined);
  const trigger = useRef<HTMLButtonElement>(null);

  useEffect(() => () => (source ? URL.revokeObjectURL(source.url) : undefined), [source]);

  function edit(file: File) {
    if (!isValidImageFile(file, acceptedFileTypes, maxFileSize)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    setCrop(undefined);
    setSource({ url: URL.createObjectURL(file), name: file.name.replace(/\.[^.]+$/, '') || 'image' });
    setStep('edit');
  }

  async function start() {
    setInvalid(false);
    setStep('select');
    if (!imageUrl) return;
    const file = await fetchImageFile(imageUrl);
    if (file) edit(file);
  }

  function close() {
    setStep('closed');
  }

  async function save() {
    if (!loaded.current || !crop || !source) return;
    const file = await cropToPng(loaded.current.image, loaded.current.fitted, crop, `${source.name}.png`);
    if (file) onSave(file);
  }

  return (
    <div data-slot="image-picker" className={className}>
      <Button ref={trigger} variant="secondary" onClick={start}>
        {title}
      </Button>
      <Modal
        open={step === 'select'}
        onOpenChange={(open) => (open ? undefined : close())}
        title={uploadHeaderText}
        returnFocusTo={trigger}
        showConfirm={false}
      >
        <ImageDropZone acceptedFileTypes={acceptedFileTypes} invalid={invalid} onFile={edit} />
      </Modal>
      <Modal
        open={step === 'edit'}
        onOpenChange={(open) => (open ? undefined : close())}
        title={editHeaderText}
        returnFocusTo={trigger}
        confirmText="Save"
        onConfirm={save}
      >
        {source ? (
          <ImageCropper
            src={source.url}
            crop={crop}
            onCropChange={setCrop}
            onImageLoad={(image, fitted) => {
              loaded.current = { image, fitted };
              setCrop(fitted);
            }}
          />
        ) : null}
      </Modal>
    </div>
  );
}
