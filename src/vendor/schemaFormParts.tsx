// pro-form's schema form (ProTable's search form) imports every layout and schema value type it
// can render. The admin renders it as QueryFilter only, and no page uses LightFilter, StepsForm or
// the formList/formSet schema types (ADR 0047): config/proTrim.ts answers those imports of the
// schema form with this module. ProForm, ModalForm, DrawerForm, QueryFilter, ProFormList and
// every field imported by a page stay pro-form's own. What is left out fails loudly if asked for.
import { default as Embed } from '@ant-design/pro-form/es/components/SchemaForm/layoutType/Embed.js';

const left = (what: string) => () => {
  throw new Error(`${what} is left out of this build (config/proTrim.ts, ADR 0047): take it out of the replacements to use it`);
};

const LightFilter = left('LightFilter');
const StepsForm = Object.assign(left('StepsForm'), { StepForm: left('StepsForm.StepForm') });

/** The schema value types: only `formList` and `formSet` are left out; anything else goes on. */
const valueType =
  (type: string) =>
  (item: { valueType?: unknown }): true => {
    if (item.valueType === type) left(`The schema form's ${type}`)();
    return true;
  };

export const formList = valueType('formList');
export const formSet = valueType('formSet');
export { Embed, LightFilter, StepsForm };
