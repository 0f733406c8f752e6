import { Button, type ButtonSize, type ButtonVariant } from '../../src/index.ts';
import { Section } from '../section.tsx';

const variants: ButtonVariant[] = [
  'primary',
  'secondary',
  'tertiary',
  'error',
  'success',
  'link',
  'text',
  'transparent',
];
const sizes: ButtonSize[] = ['sm', 'md', 'lg', 'xl', '2xl'];

export function ButtonSection() {
  return (
    <Section id="button" title="Button">
      {variants.map((variant) => (
        <Button key={variant} variant={variant}>
          {variant}
        </Button>
      ))}
      <div className="flex w-full flex-wrap items-center gap-3">
        {sizes.map((size) => (
          <Button key={size} size={size}>
            Size {size}
          </Button>
        ))}
        <Button loading>Saving</Button>
        <Button disabled>Disabled</Button>
      </div>
    </Section>
  );
}
