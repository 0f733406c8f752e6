import { useState } from 'react';
import { DatePicker, type DateRangeValue } from '../../src/index.ts';
import { Section } from '../section.tsx';

export function DatePickerSection() {
  const [date, setDate] = useState('2025-03-05');
  const [range, setRange] = useState<DateRangeValue>({ start: '2025-01-01', end: '2025-03-31' });
  return (
    <Section id="date-picker" title="Date picker">
      <div className="grid w-full gap-4 lg:grid-cols-3">
        <DatePicker name="date" label="Statement date" value={date} onValueChange={setDate} required />
        <DatePicker
          isRange
          name="period"
          label="Custom period"
          startLabel="From"
          endLabel="To"
          startPlaceholder="Start date"
          endPlaceholder="End date"
          minDate="2024-01-01"
          maxDate="2025-12-31"
          value={range}
          onValueChange={setRange}
        />
        <DatePicker
          name="empty"
          label="With error"
          enableErrors
          touched
          rules={[(value) => (value ? undefined : 'Please choose a date')]}
        />
      </div>
    </Section>
  );
}
