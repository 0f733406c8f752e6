import { Button, Popover } from '../../src/index.ts';
import { Section } from '../section.tsx';

export function PopoverSection() {
  return (
    <Section id="popover" title="Popover">
      <Popover
        title="Hover popover"
        content="Opens 600 ms after hover or focus, closes 200 ms after leaving."
      >
        <Button variant="transparent">Hover or focus me</Button>
      </Popover>
      <Popover trigger="click" title="Click popover" content="A click toggles it." closeOnClick>
        <Button variant="transparent">Click me</Button>
      </Popover>
    </Section>
  );
}
