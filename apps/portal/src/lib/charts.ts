// The kit's chart card alone, the target of `lazy()` in `lazy-bar-chart-card.tsx`: the chart library
// and its helpers come with it, so they make one `charts` chunk that every page with a chart shares,
// fetched after the page itself (docs/portal.md "How the bundles are split").
export { BarChartCard as default } from '@waratah/ui';
