import path from 'node:path';
import { defineConfig } from '@umijs/max';
import { CHUNK_LOAD_TIMEOUT_MS } from './common/constants';
import routes from './config/routes';

// Bundle settings follow STACK-NOTES 'Bundle': the entry chunk stays free of antd, pro-components,
// echarts and wangEditor so the phone pages load light; the admin layout brings antd with it.
export default defineConfig({
  title: '乡村两级治理中心联动平台',
  routes,
  // Umi's default viewport forbids zooming (user-scalable=no, maximum-scale=1): people with poor
  // sight must be able to pinch-zoom the phone pages (ADR 0021).
  metas: [{ name: 'viewport', content: 'width=device-width, initial-scale=1' }],
  plugins: ['./config/htmlLang.ts'],
  npmClient: 'npm',
  access: {},
  model: {},
  initialState: {},
  request: {},
  antd: {},
  layout: { title: '乡村两级治理中心联动平台', locale: false },
  mock: false,
  hash: true,
  base: '/',
  publicPath: '/',
  runtimePublicPath: {},
  targets: { chrome: 80 },
  polyfill: false,
  moment2dayjs: false,
  jsMinifier: 'terser',
  helmet: false,
  mfsu: false,
  alias: { '@common': path.resolve(__dirname, 'common') },
  // antd-mobile's index module has side effects (its global CSS), so webpack keeps it whole in the
  // chunk shared by every phone page, with every component any page names. Importing each component
  // from its own module keeps a form's Picker or Rate in that form's chunk (ADR 0009).
  extraBabelPlugins: [['import', { libraryName: 'antd-mobile', libraryDirectory: 'es/components', style: false }, 'antd-mobile']],
  // `npm run dev` (scripts/dev.mjs) passes the API server's port.
  proxy: { '/api': { target: `http://localhost:${process.env.API_PORT || '8000'}`, changeOrigin: true } },
  chainWebpack(memo, { webpack }) {
    // Nothing we ship needs Node's Buffer: keep the polyfill (20 KB) out of the entry.
    memo.plugin('node-polyfill-provider').tap(([provided]) => [{ process: provided.process }]);
    memo.resolve.fallback.set('buffer', false);
    // Dead weight in every ProTable page (ADR 0016): pro-components' 33 interface languages (ADR 0005:
    // Chinese only), and the value types no page uses (see src/vendor/proFieldPlain.tsx).
    memo.plugin('pro-provider-zh-only').use(webpack.NormalModuleReplacementPlugin, [
      /^\.\/locale\/(?!zh_CN$)[a-z]{2}_[A-Z]{2}$/,
      (resource: { context: string; request: string }) => {
        if (/pro-provider[\\/]es$/.test(resource.context)) resource.request = './locale/zh_CN';
      },
    ]);
    // ahooks and pro-layout import lodash's CommonJS modules while pro-components uses lodash-es: one copy.
    memo.resolve.alias.set('lodash', 'lodash-es');
    const plainField = path.resolve(__dirname, 'src/vendor/proFieldPlain.tsx');
    memo.plugin('pro-field-plain-types').use(webpack.NormalModuleReplacementPlugin, [
      /^\.\/components\/(Cascader|Code|ColorPicker|DigitRange|FromNow|Image|Money|Password|Percent|Progress|Rate|Second|Segmented|Slider|Switch|TreeSelect)$/,
      (resource: { context: string; request: string }) => {
        if (/pro-field[\\/]es$/.test(resource.context)) resource.request = plainField;
      },
    ]);
    // Loaded on first use (ADR 0029): pro-field's date pickers and ProTable's column-settings panel.
    const lazyDate = path.resolve(__dirname, 'src/vendor/lazyDate');
    memo.plugin('pro-field-lazy-dates').use(webpack.NormalModuleReplacementPlugin, [
      /^\.\/components\/(DatePicker|RangePicker|TimePicker)$/,
      (resource: { context: string; request: string }) => {
        const name = /(DatePicker|RangePicker|TimePicker)$/.exec(resource.request)?.[1];
        if (name && /pro-field[\\/]es$/.test(resource.context)) resource.request = path.join(lazyDate, `${name}.tsx`);
      },
    ]);
    const lazyColumnSetting = path.resolve(__dirname, 'src/vendor/lazyColumnSetting.tsx');
    memo.plugin('pro-table-lazy-column-setting').use(webpack.NormalModuleReplacementPlugin, [
      /^\.\.\/ColumnSetting$/,
      (resource: { context: string; request: string }) => {
        if (/pro-table[\\/]es[\\/]components[\\/]ToolBar$/.test(resource.context)) resource.request = lazyColumnSetting;
      },
    ]);
    // Seed §9: a script chunk that has not loaded after 120 s fails with a chunk-load error.
    memo.output.chunkLoadTimeout(CHUNK_LOAD_TIMEOUT_MS);
    // Umi's generated export barrels have no side effects: let tree-shaking drop axios from the entry.
    memo.module
      .rule('umi-side-effect-free')
      .test(/[\\/]\.umi(-production)?[\\/](exports\.ts|plugin-request[\\/])/)
      .sideEffects(false);
    return memo;
  },
});
