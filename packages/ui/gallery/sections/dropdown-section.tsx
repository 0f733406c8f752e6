import { useState } from 'react';
import { Dropdown, type DropdownOption } from '../../src/index.ts';
import { Section } from '../section.tsx';

const professions: DropdownOption[] = [
  { value: 'broker', label: 'Broker', description: 'Mortgage or finance broker' },
  { value: 'accountant', label: 'Accountant', description: 'Registered tax practitioner' },
  { value: 'advisor', label: 'Advisor' },
];

export function DropdownSection() {
  const [value, setValue] = useState('broker');
  return (
    <Section id="dropdown" title="Dropdown">
      <div className="grid w-full gap-4 sm:grid-cols-3">
        <Dropdown label="Profession" options={professions} />
        <Dropdown label="Chosen" options={professions} value={value} onValueChange={setValue} required />
        <Dropdown label="With error" options={professions} error="Please choose a profession" />
      </div>
    </Section>
  );
}
