import type { IApi } from '@umijs/max';

/**
 * Umi writes `<html>` with no language: screen readers then guess how to read the page, and
 * browsers offer to translate it. Every page of the platform is Simplified Chinese (ADR 0005).
 */
export default (api: IApi) => {
  api.modifyHTML(($) => {
    $('html').attr('lang', 'zh-CN');
    return $;
  });
};
