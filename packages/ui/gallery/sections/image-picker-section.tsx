import { useEffect, useState } from 'react';
import { ImagePicker } from '../../src/index.ts';
import { Section } from '../section.tsx';

export function ImagePickerSection() {
  const [saved, setSaved] = useState<File>();
  const [preview, setPreview] = useState<string>();
  useEffect(() => {
    if (!saved) return undefined;
    const url = URL.createObjectURL(saved);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [saved]);
  return (
    <Section id="image-picker" title="Image picker">
      <ImagePicker onSave={setSaved} title="Upload logo" />
      <ImagePicker
        onSave={setSaved}
        title="Edit current logo"
        imageUrl={`${import.meta.env.BASE_URL}tenants/waratah/logo.svg`}
        acceptedFileTypes={['image/png', 'image/jpeg', 'image/svg+xml']}
      />
      {preview ? (
        <img src={preview} alt="Saved crop" className="size-24 rounded-lg border border-border" />
      ) : null}
    </Section>
  );
}
