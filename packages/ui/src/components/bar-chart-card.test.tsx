import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BAR_RADIUS, BarChartCard, Y_AXIS_FONT_SIZE } from './bar-chart-card.tsx';

const graphData = [
  { name: 'Jan', value: '$1,200' },
  { name: 'Feb', value: 800 },
  { name: 'Mar', value: 3400 },
];

function bars(container: HTMLElement) {
  return Array.from(container.querySelectorAll('.recharts-bar-rectangle path'));
}

function yTicks(container: HTMLElement) {
  return Array.from(container.querySelectorAll('.recharts-yAxis-tick-labels text')).map(
    (tick) => tick.textContent,
  );
}

describe('BarChartCard', () => {
  it('uses bar radius 8 and y-axis label font 18', () => {
    expect([BAR_RADIUS, Y_AXIS_FONT_SIZE]).toEqual([8, 18]);
  });

  it('draws one bar per entry, the last in primary and the others faded', () => {
    const { container } = render(<BarChartCard graphData={graphData} width={500} height={260} />);

    const paths = bars(container);
    expect(paths).toHaveLength(3);
    expect(paths.every((path) => path.getAttribute('fill') === 'var(--color-primary)')).toBe(true);
    expect(paths.map((path) => path.getAttribute('fill-opacity'))).toEqual(['0.35', '0.35', '1']);
  });

  it('names every month under its bar, however narrow the card', () => {
    const months = ['May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct'];
    const { container } = render(
      <BarChartCard
        graphData={months.map((name, index) => ({ name, value: 1000 + index * 700 }))}
        width={260}
        height={220}
      />,
    );
    const labels = Array.from(container.querySelectorAll('.recharts-xAxis-tick-labels text')).map(
      (tick) => tick.textContent,
    );
    expect(labels).toEqual(months);
  });

  it('labels the y axis with only 0, the maximum and the marker, in compact AUD at font 18', () => {
    const { container } = render(
      <BarChartCard graphData={graphData} markerValue={1800} width={500} height={260} />,
    );

    expect(yTicks(container).sort()).toEqual(['$0', '$1.8K', '$3.4K']);
    const tick = container.querySelector('.recharts-yAxis-tick-labels text');
    expect(tick).toHaveAttribute('font-size', '18');
    expect(container.querySelector('.recharts-legend-wrapper')).not.toBeInTheDocument();
    expect(container.querySelector('.recharts-tooltip-wrapper')).not.toBeInTheDocument();
  });

  it('shows the title and marker text in a header row and describes the data', () => {
    render(
      <BarChartCard
        xLabels={['Jan', 'Feb']}
        yValues={[100, 200]}
        title="Spending"
        markerText="Average $150"
        width={400}
      />,
    );

    expect(screen.getByText('Spending').parentElement).toHaveTextContent('SpendingAverage $150');
    expect(screen.getByRole('img', { name: 'Spending. Jan: $100, Feb: $200' })).toBeInTheDocument();
  });

  it('accepts hash-rocket graph data', () => {
    const { container } = render(
      <BarChartCard graphData='[{"name"=>"Jan", "value"=>"$1,200"}]' width={300} height={200} />,
    );

    expect(bars(container)).toHaveLength(1);
  });

  it.each([
    [{ graphData: [] }],
    [{ xLabels: [], yValues: [] }],
    [{ xLabels: ['Jan'], yValues: [] }],
    [{ graphData: '[{"name"=>' }],
    [{ graphData: 42 }],
  ])('renders nothing and does not throw for %j', (props) => {
    const { container } = render(<BarChartCard {...props} width={300} />);

    expect(container).toBeEmptyDOMElement();
  });
});
