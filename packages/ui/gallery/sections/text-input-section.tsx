import { TextInput } from '../../src/index.ts';
import { Section } from '../section.tsx';

export function TextInputSection() {
  return (
    <Section id="text-input" title="Text input">
      <div className="grid w-full gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <TextInput label="Email" type="email" placeholder="name@example.com" required />
        <TextInput label="Password" type="password" hint="At least 16 characters" />
        <TextInput label="Phone" type="tel" maxLength={10} />
        <TextInput label="First name" defaultValue="4nn" error="Please enter a valid first name" touched />
        <TextInput label="Time" type="time" />
        <TextInput label="Website" type="url" />
        <TextInput label="Week" type="week" />
        <TextInput label="Month" type="month" disabled />
      </div>
    </Section>
  );
}
