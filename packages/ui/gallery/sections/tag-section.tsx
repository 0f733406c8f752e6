import { Tag } from '../../src/index.ts';
import { Section } from '../section.tsx';

export function TagSection() {
  return (
    <Section id="tag" title="Tag">
      <Tag size="xs">Extra small</Tag>
      <Tag size="sm">Small</Tag>
      <Tag size="md">Medium</Tag>
      <Tag variant="primary">Primary</Tag>
      <Tag variant="success">Available</Tag>
      <Tag variant="error">Outage</Tag>
      <Tag variant="warning">Pending</Tag>
      <Tag size="md" onDismiss={() => {}}>
        Status: outage
      </Tag>
    </Section>
  );
}
