import { LoadingTable, Skeleton, SkeletonText, Spinner } from '../../src/index.ts';
import { Section } from '../section.tsx';

export function LoadingSection() {
  return (
    <Section id="loading" title="Loading placeholders">
      <LoadingTable className="w-full" />
      <SkeletonText className="w-72" />
      <Skeleton className="size-24" />
      <Spinner label="Loading" className="size-6 text-primary" />
    </Section>
  );
}
