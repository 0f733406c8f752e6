import { LazyImage, TransactionsCard } from '../../src/index.ts';
import { Section } from '../section.tsx';

export function TransactionsCardSection() {
  const logo = `${import.meta.env.BASE_URL}tenants/waratah/favicon.svg`;
  return (
    <Section id="transactions-card" title="Transactions card and lazy image">
      <TransactionsCard
        title="Woolworths Metro"
        subTitle="12 Mar 2025"
        amount="-$42.50"
        imageUrl={logo}
        className="w-96"
      />
      <TransactionsCard title="Salary" subTitle="Monthly" amount="$5,000.00" className="w-96" />
      <LazyImage src={logo} alt="Loaded image" className="size-16 rounded-lg" />
      <LazyImage
        src="data:image/png;base64,AAAA"
        alt="Image that failed to load"
        className="size-16 rounded-lg"
      />
    </Section>
  );
}
