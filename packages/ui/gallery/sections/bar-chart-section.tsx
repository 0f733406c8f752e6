import { BarChartCard } from '../../src/index.ts';
import { Section } from '../section.tsx';

export function BarChartSection() {
  return (
    <Section id="bar-chart" title="Bar chart card">
      <div className="grid w-full gap-4 lg:grid-cols-2">
        <BarChartCard
          title="Monthly spending"
          markerText="Average $2,100"
          markerValue={2100}
          graphData='[{"name"=>"Oct", "value"=>"$1,850"}, {"name"=>"Nov", "value"=>"$2,400"}, {"name"=>"Dec", "value"=>"$3,120"}, {"name"=>"Jan", "value"=>"$1,200"}]'
        />
        <BarChartCard
          xLabels={['Q1', 'Q2', 'Q3', 'Q4']}
          yValues={[12000, 18500, 9000, 21000]}
          title="Income"
        />
      </div>
    </Section>
  );
}
