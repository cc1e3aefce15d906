// pro-field's FieldRangePicker, loaded on first use (see lazyField.tsx): ranges appear only in
// search forms here, so only opening a page with a date filter loads the picker.
import { lazyField } from './lazyField';

export default lazyField(() => import('@ant-design/pro-field/es/components/RangePicker/index.js'));
