import { type ClassValue, clsx } from 'clsx';
import { createTailwindMerge, validators as v } from 'tailwind-merge';

/**
 * Joins class names; on a Tailwind conflict the later class wins, so a caller's className overrides.
 *
 * The merge is tailwind-merge's, given only the class groups the portal and the kit write (below)
 * instead of its default configuration of every Tailwind utility, which was 8.5 KB of the sign-in
 * page's 150 KB budget (docs/benchmarks.md). Each group is defined as the default defines it, so
 * the two agree on every class the code uses: `cn.test.ts` merges every pair of those classes both
 * ways and fails naming the class whose group is missing here.
 */
export function cn(...inputs: ClassValue[]): string {
  return merge(clsx(inputs));
}

type Value = string | ((value: string) => boolean) | { [part: string]: Value[] };

const arbitrary = [v.isArbitraryVariable, v.isArbitraryValue];
const spacing: Value[] = ['px', v.isNumber, ...arbitrary];
const inset: Value[] = [v.isFraction, 'full', 'auto', ...spacing];
const sizing: Value[] = [
  v.isFraction,
  'auto',
  'full',
  'screen',
  'lh',
  'none',
  'dvw',
  'dvh',
  'lvw',
  'lvh',
  'svw',
  'svh',
  'min',
  'max',
  'fit',
  ...spacing,
];
const radius: Value[] = ['', 'none', 'full', v.isTshirtSize, ...arbitrary];
const borderWidth: Value[] = ['', v.isNumber, v.isArbitraryVariableLength, v.isArbitraryLength];
const lineStyle = ['solid', 'dashed', 'dotted', 'double'];
const color: Value[] = [v.isAny];
const anyValue: Value[] = [v.isAny];

/** `border`, `border-x`, `border-t`… (or `p`, `px`, `pt`… joined by '') as groups named `name-x`…. */
function sided(prefix: string, sides: string[], values: Value[], name = prefix, join = '-') {
  const side = (base: string, s: string) => (s ? `${base}${join}${s}` : base);
  return Object.fromEntries(sides.map((s) => [side(name, s), [{ [side(prefix, s)]: values }]]));
}

const boxSides = ['', 'x', 'y', 't', 'r', 'b', 'l'];
/** What a box side's group overrides: `p` every side, `px` left and right, `py` top and bottom. */
function boxConflicts(group: string, join = '') {
  const side = (s: string) => `${group}${join}${s}`;
  return {
    [group]: ['x', 'y', 't', 'r', 'b', 'l'].map(side),
    [side('x')]: [side('r'), side('l')],
    [side('y')]: [side('t'), side('b')],
  };
}

const merge = createTailwindMerge(() => ({
  cacheSize: 500,
  theme: {},
  // In the default configuration's order: where two groups share a prefix (text-, font-, border-,
  // outline-, shadow-, ring-, bg-), the first whose values accept the class takes it.
  classGroups: {
    display: [
      'block',
      'inline-block',
      'inline',
      'flex',
      'inline-flex',
      'table',
      'inline-table',
      'table-cell',
      'table-row',
      'flow-root',
      'grid',
      'inline-grid',
      'contents',
      'list-item',
      'hidden',
    ],
    sr: ['sr-only', 'not-sr-only'],
    isolation: ['isolate', 'isolation-auto'],
    'object-fit': [{ object: ['contain', 'cover', 'fill', 'none', 'scale-down'] }],
    ...sided('overflow', ['', 'x', 'y'], ['auto', 'hidden', 'clip', 'visible', 'scroll']),
    position: ['static', 'fixed', 'absolute', 'relative', 'sticky'],
    ...sided('inset', ['', 'x', 'y'], inset),
    top: [{ top: inset }],
    right: [{ right: inset }],
    bottom: [{ bottom: inset }],
    left: [{ left: inset }],
    visibility: ['visible', 'invisible', 'collapse'],
    z: [{ z: [v.isInteger, 'auto', ...arbitrary] }],
    basis: [{ basis: anyValue }],
    'flex-direction': [{ flex: ['row', 'row-reverse', 'col', 'col-reverse'] }],
    'flex-wrap': [{ flex: ['nowrap', 'wrap', 'wrap-reverse'] }],
    flex: [{ flex: [v.isNumber, v.isFraction, 'auto', 'initial', 'none', v.isArbitraryValue] }],
    grow: [{ grow: ['', v.isNumber, ...arbitrary] }],
    shrink: [{ shrink: ['', v.isNumber, ...arbitrary] }],
    'grid-cols': [{ 'grid-cols': [v.isInteger, 'none', 'subgrid', ...arbitrary] }],
    'col-start-end': [
      { col: ['auto', { span: ['full', v.isInteger, ...arbitrary] }, v.isInteger, ...arbitrary] },
    ],
    ...sided('gap', ['', 'x', 'y'], spacing),
    'justify-content': [
      { justify: ['start', 'end', 'center', 'between', 'around', 'evenly', 'stretch', 'baseline', 'normal'] },
    ],
    'align-items': [{ items: ['start', 'end', 'center', 'stretch', 'baseline'] }],
    'align-self': [{ self: ['auto', 'start', 'end', 'center', 'stretch', 'baseline'] }],
    'place-items': [{ 'place-items': ['start', 'end', 'center', 'stretch', 'baseline'] }],
    ...sided('p', boxSides, spacing, 'p', ''),
    ...sided('m', boxSides, ['auto', ...spacing], 'm', ''),
    size: [{ size: sizing }],
    w: [{ w: [v.isTshirtSize, ...sizing] }],
    'min-w': [{ 'min-w': [v.isTshirtSize, ...sizing] }],
    'max-w': [{ 'max-w': [v.isTshirtSize, 'prose', ...sizing] }],
    h: [{ h: sizing }],
    'min-h': [{ 'min-h': sizing }],
    'max-h': [{ 'max-h': sizing }],
    'font-size': [{ text: ['base', v.isTshirtSize, v.isArbitraryVariableLength, v.isArbitraryLength] }],
    'font-style': ['italic', 'not-italic'],
    'font-weight': [
      {
        font: [
          'thin',
          'extralight',
          'light',
          'normal',
          'medium',
          'semibold',
          'bold',
          'extrabold',
          'black',
          v.isArbitraryVariableWeight,
          v.isArbitraryWeight,
        ],
      },
    ],
    'font-family': [
      { font: [v.isArbitraryVariableFamilyName, v.isArbitraryFamilyName, v.isAnyNonArbitrary] },
    ],
    'fvn-spacing': ['proportional-nums', 'tabular-nums'],
    tracking: [{ tracking: ['tighter', 'tight', 'normal', 'wide', 'wider', 'widest', ...arbitrary] }],
    leading: [{ leading: ['none', 'tight', 'snug', 'normal', 'relaxed', 'loose', ...spacing] }],
    'list-style-type': [{ list: ['disc', 'decimal', 'none', ...arbitrary] }],
    'text-alignment': [{ text: ['left', 'center', 'right', 'justify', 'start', 'end'] }],
    'text-color': [{ text: color }],
    'text-decoration': ['underline', 'overline', 'line-through', 'no-underline'],
    'underline-offset': [{ 'underline-offset': [v.isNumber, 'auto', ...arbitrary] }],
    'text-transform': ['uppercase', 'lowercase', 'capitalize', 'normal-case'],
    'text-overflow': ['truncate', 'text-ellipsis', 'text-clip'],
    'text-wrap': [{ text: ['wrap', 'nowrap', 'balance', 'pretty'] }],
    'vertical-align': [
      {
        align: [
          'baseline',
          'top',
          'middle',
          'bottom',
          'text-top',
          'text-bottom',
          'sub',
          'super',
          ...arbitrary,
        ],
      },
    ],
    whitespace: [{ whitespace: ['normal', 'nowrap', 'pre', 'pre-line', 'pre-wrap', 'break-spaces'] }],
    break: [{ break: ['normal', 'words', 'all', 'keep'] }],
    'bg-image': [{ bg: ['none', v.isArbitraryVariableImage, v.isArbitraryImage] }],
    'bg-color': [{ bg: color }],
    ...sided('rounded', ['', 't', 'r', 'b', 'l', 'tl', 'tr', 'br', 'bl'], radius),
    ...sided('border', boxSides, borderWidth, 'border-w'),
    'divide-x': [{ 'divide-x': borderWidth }],
    'divide-y': [{ 'divide-y': borderWidth }],
    'border-style': [{ border: [...lineStyle, 'hidden', 'none'] }],
    ...sided('border', boxSides, color, 'border-color'),
    'divide-color': [{ divide: color }],
    'outline-style': [{ outline: [...lineStyle, 'none', 'hidden'] }],
    'outline-offset': [{ 'outline-offset': [v.isNumber, ...arbitrary] }],
    'outline-w': [{ outline: ['', v.isNumber, v.isArbitraryVariableLength, v.isArbitraryLength] }],
    'outline-color': [{ outline: color }],
    shadow: [
      { shadow: ['', 'inner', 'none', v.isTshirtSize, v.isArbitraryVariableShadow, v.isArbitraryShadow] },
    ],
    'shadow-color': [{ shadow: color }],
    'ring-w': [{ ring: borderWidth }],
    'ring-w-inset': ['ring-inset'],
    'ring-color': [{ ring: color }],
    'ring-offset-w': [{ 'ring-offset': [v.isNumber, v.isArbitraryLength] }],
    'ring-offset-color': [{ 'ring-offset': color }],
    opacity: [{ opacity: [v.isNumber, ...arbitrary] }],
    'border-collapse': [{ border: ['collapse', 'separate'] }],
    transition: [
      { transition: ['', 'all', 'colors', 'opacity', 'shadow', 'transform', 'none', ...arbitrary] },
    ],
    duration: [{ duration: [v.isNumber, 'initial', ...arbitrary] }],
    animate: [{ animate: ['none', 'spin', 'ping', 'pulse', 'bounce', ...arbitrary] }],
    transform: [{ transform: ['', 'none', 'gpu', 'cpu', ...arbitrary] }],
    rotate: [{ rotate: ['none', v.isNumber, ...arbitrary] }],
    'translate-x': [{ 'translate-x': [v.isFraction, 'full', ...spacing] }],
    'translate-y': [{ 'translate-y': [v.isFraction, 'full', ...spacing] }],
    cursor: [{ cursor: anyValue }],
    'pointer-events': [{ 'pointer-events': ['auto', 'none'] }],
    select: [{ select: ['none', 'text', 'all', 'auto'] }],
    fill: [{ fill: ['none', ...color] }],
  },
  conflictingClassGroups: {
    overflow: ['overflow-x', 'overflow-y'],
    inset: ['inset-x', 'inset-y', 'top', 'right', 'bottom', 'left'],
    'inset-x': ['right', 'left'],
    'inset-y': ['top', 'bottom'],
    flex: ['basis', 'grow', 'shrink'],
    gap: ['gap-x', 'gap-y'],
    ...boxConflicts('p'),
    ...boxConflicts('m'),
    size: ['w', 'h'],
    'font-size': ['leading'],
    rounded: ['t', 'r', 'b', 'l', 'tl', 'tr', 'br', 'bl'].map((side) => `rounded-${side}`),
    'rounded-t': ['rounded-tl', 'rounded-tr'],
    'rounded-r': ['rounded-tr', 'rounded-br'],
    'rounded-b': ['rounded-br', 'rounded-bl'],
    'rounded-l': ['rounded-tl', 'rounded-bl'],
    ...boxConflicts('border-w', '-'),
    ...boxConflicts('border-color', '-'),
  },
  conflictingClassGroupModifiers: { 'font-size': ['leading'] },
  orderSensitiveModifiers: [
    '*',
    '**',
    'after',
    'backdrop',
    'before',
    'details-content',
    'file',
    'first-letter',
    'first-line',
    'marker',
    'placeholder',
    'selection',
  ],
}));
