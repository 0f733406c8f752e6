import { useState } from 'react';
import { PeriodSelector } from '../../src/index.ts';
import { Section } from '../section.tsx';

export function PeriodSelectorSection() {
  const [months, setMonths] = useState(3);
  return (
    <Section id="period-selector" title="Period selector">
      <PeriodSelector
        value={months}
        onValueChange={setMonths}
        options={[1, 3, 6, 12]}
        label="Report period"
      />
    </Section>
  );
}
