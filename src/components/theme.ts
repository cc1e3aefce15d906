import type { ThemeConfig } from 'antd';
import {
  ERROR_TEXT_COLOR,
  MUTED_TEXT_COLOR,
  PRIMARY_COLOR,
  PRIMARY_TEXT_COLOR,
  PRIMARY_TEXT_COLOR_HOVER,
  SUCCESS_TEXT_COLOR,
  WARNING_TEXT_COLOR,
} from '@common/constants';

/**
 * antd's theme for every antd page (ADR 0021). The brand blue #1890ff stays the brand: fills,
 * borders, focus rings, icons, ink bars. Wherever antd writes small text in it, or small white text
 * on it, the darker step of the same palette is used so the text reaches 4.5:1; grey meta text and
 * red error text are darkened for the same reason.
 */
export function antdTheme(motion: boolean): ThemeConfig {
  const primaryText = {
    colorPrimary: PRIMARY_TEXT_COLOR,
    colorPrimaryHover: PRIMARY_TEXT_COLOR_HOVER,
    colorPrimaryActive: PRIMARY_TEXT_COLOR_HOVER,
  };
  return {
    token: {
      colorPrimary: PRIMARY_COLOR,
      colorLink: PRIMARY_TEXT_COLOR,
      colorLinkHover: PRIMARY_TEXT_COLOR_HOVER,
      colorLinkActive: PRIMARY_TEXT_COLOR_HOVER,
      colorError: ERROR_TEXT_COLOR,
      colorTextTertiary: MUTED_TEXT_COLOR,
      colorTextDescription: MUTED_TEXT_COLOR,
      // A Select's placeholder is often the only hint of what to pick: as legible as meta text.
      colorTextPlaceholder: MUTED_TEXT_COLOR,
      motion,
    },
    components: {
      Button: primaryText,
      Tabs: {
        itemSelectedColor: PRIMARY_TEXT_COLOR,
        itemHoverColor: PRIMARY_TEXT_COLOR_HOVER,
        itemActiveColor: PRIMARY_TEXT_COLOR_HOVER,
        inkBarColor: PRIMARY_COLOR,
      },
      Pagination: { itemActiveColor: PRIMARY_TEXT_COLOR, itemActiveColorHover: PRIMARY_TEXT_COLOR_HOVER },
      Radio: primaryText,
      // A menu's chosen item (the lists' 表格密度 menu) is blue text on a pale blue fill: the darker step reads.
      // A choice that cannot be made now (a row's 删除 until the news goes offline) still says why: legible grey.
      Dropdown: { colorPrimary: PRIMARY_TEXT_COLOR_HOVER, colorTextDisabled: MUTED_TEXT_COLOR },
      // An option that is already taken (a group's present member) is read, not picked: legible grey.
      Select: { colorTextDisabled: MUTED_TEXT_COLOR },
      Steps: primaryText,
      DatePicker: primaryText,
      // Tag text sits on the tag's pale fill: the preset and status colours whose 7th step is too
      // light for 12 px text take a darker step of the same hue.
      Tag: {
        ...primaryText,
        colorSuccess: SUCCESS_TEXT_COLOR,
        colorWarning: WARNING_TEXT_COLOR,
        colorInfo: PRIMARY_TEXT_COLOR_HOVER,
        colorError: '#cf1322',
        volcano7: '#ad2102',
        orange7: WARNING_TEXT_COLOR,
        gold7: '#874d00',
        yellow7: '#876800',
        lime7: '#3f6600',
        green7: SUCCESS_TEXT_COLOR,
        cyan7: '#006d75',
      },
      // The admin side menu: white text on the brand blue is 3.2:1, so the selected item takes the darker step.
      Menu: { darkItemSelectedBg: PRIMARY_TEXT_COLOR, darkItemHoverBg: 'rgba(255, 255, 255, 0.08)' },
      Typography: { colorSuccess: SUCCESS_TEXT_COLOR, colorWarning: WARNING_TEXT_COLOR },
    },
  };
}
