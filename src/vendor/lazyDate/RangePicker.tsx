// pro-field's FieldRangePicker, loaded on first use (see ../lazyField.tsx, ADR 0047): a list loads the
// picker only when its search form shows a date filter.
import { lazyField } from '../lazyField';

export default lazyField(() => import('@ant-design/pro-field/es/components/RangePicker/index.js'));
