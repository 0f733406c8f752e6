import { type ComponentProps, useState } from 'react';
import { cn } from '../lib/cn.ts';

export interface LazyImageProps extends ComponentProps<'img'> {
  alt: string;
}

const brokenImage = (
  <svg viewBox="0 0 24 24" fill="none" aria-hidden="true" className="size-1/2 max-h-6 max-w-6">
    <rect x="3" y="5" width="18" height="14" rx="2" stroke="currentColor" strokeWidth="1.5" />
    <path d="M3 16l5-5 4 4 3-3 6 6" stroke="currentColor" strokeWidth="1.5" />
  </svg>
);

/** An image loaded when it nears the viewport; a failed load shows a neutral placeholder instead. */
export function LazyImage({ src, alt, className, onError, ...props }: LazyImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | undefined>();
  if (!src || failedSrc === src) {
    const placeholderClass = cn(
      'inline-flex items-center justify-center bg-muted text-muted-foreground',
      className,
    );
    return alt ? (
      <span data-slot="lazy-image-placeholder" role="img" aria-label={alt} className={placeholderClass}>
        {brokenImage}
      </span>
    ) : (
      <span data-slot="lazy-image-placeholder" aria-hidden="true" className={placeholderClass}>
        {brokenImage}
      </span>
    );
  }
  return (
    <img
      data-slot="lazy-image"
      src={src}
      alt={alt}
      loading="lazy"
      decoding="async"
      onError={(event) => {
        setFailedSrc(src);
        onError?.(event);
      }}
      className={className}
      {...props}
    />
  );
}
