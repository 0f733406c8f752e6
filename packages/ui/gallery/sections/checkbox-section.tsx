import { Checkbox } from '../../src/index.ts';
import { Section } from '../section.tsx';

export function CheckboxSection() {
  return (
    <Section id="checkbox" title="Checkbox">
      <Checkbox label="Unchecked" />
      <Checkbox label="Checked" defaultChecked />
      <Checkbox label="Disabled" disabled />
      <Checkbox label="I agree to the terms" required error="Please agree to the terms and privacy policy" />
    </Section>
  );
}
