// pro-field's value types that no admin page shows on first paint (the switch, money, percent,
// digit, cascader, tree select, colour picker… fields), loaded when first rendered (ADR 0047).
// config/proTrim.ts answers pro-field's `./components/<Name>` import with this module and the
// name as its query (`proFieldLazy.tsx?Digit`): each name gets its own instance of this module.
import { lazyField } from './lazyField';

declare const __resourceQuery: string;

/** The real component, by its folder in pro-field/es/components (one chunk each). */
export const loadField = (name: string) =>
  import(
    /* webpackInclude: /[\\/](Cascader|Code|ColorPicker|Digit|DigitRange|FromNow|Image|Money|Password|Percent|Progress|Rate|Second|Segmented|Slider|Switch|TreeSelect)[\\/]index\.js$/ */
    `@ant-design/pro-field/es/components/${name}/index.js`
  );

const name = typeof __resourceQuery === 'string' ? __resourceQuery.slice(1) : '';

export default lazyField(() => loadField(name));
