import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '../../src/index.ts';
import { Section } from '../section.tsx';

export function AccordionSection() {
  return (
    <Section id="accordion" title="Accordion">
      <Accordion type="single" collapsible defaultValue="open" className="w-full max-w-xl">
        <AccordionItem value="open">
          <AccordionTrigger>Open section</AccordionTrigger>
          <AccordionContent>Shown because it is open.</AccordionContent>
        </AccordionItem>
        <AccordionItem value="closed">
          <AccordionTrigger>Closed section</AccordionTrigger>
          <AccordionContent>Hidden until opened.</AccordionContent>
        </AccordionItem>
      </Accordion>
    </Section>
  );
}
