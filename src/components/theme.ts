import type { ThemeConfig } from 'antd';
import { ERROR_TEXT_COLOR, MUTED_TEXT_COLOR, PRIMARY_COLOR, PRIMARY_TEXT_COLOR, PRIMARY_TEXT_COLOR_HOVER } from '@common/constants';

/**
 * antd's theme for every antd page (ADR 0019). The seed blue stays the brand: fills, borders, focus
 * rings, icons, ink bars. Wherever antd writes small text in it, or small white text on it, the
 * darker step of the same palette is used so the text reaches 4.5:1; grey meta text and red error
 * text are darkened for the same reason.
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
      Steps: primaryText,
      DatePicker: primaryText,
      Tag: primaryText,
    },
  };
}
