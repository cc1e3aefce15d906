import path from 'node:path';
import { defineConfig } from '@umijs/max';
import { CHUNK_LOAD_TIMEOUT_MS } from './common/constants';
import { compileSourcesFor } from './config/babelTargets';
import { keptTricks, trimProComponents } from './config/proTrim';
import routes from './config/routes';

/** The oldest browsers we serve: the Chromium-80-class browsers of township offices (as eslint.config.mjs holds the APIs to). */
const TARGETS = { chrome: 80 };

// The entry chunk stays free of antd, echarts and the rich-text editor so the phone pages load light;
// the admin frame (ProLayout through the layout plugin, `layout` in src/app.tsx, ADR 0042) brings antd
// and pro-components with it.
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
  layout: {},
  mock: false,
  hash: true,
  base: '/',
  publicPath: '/',
  runtimePublicPath: {},
  targets: TARGETS,
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
  // `ANALYZE=1 npm run build` writes dist/report.html and dist/stats.json (what each chunk holds) instead of serving them.
  analyze: { analyzerMode: 'static', openAnalyzer: false, generateStatsFile: true, defaultSizes: 'gzip' },
  proxy: { '/api': { target: `http://localhost:${process.env.API_PORT || '8000'}`, changeOrigin: true } },
  chainWebpack(memo) {
    // Nothing we ship needs Node's Buffer: keep the polyfill (20 KB) out of the entry.
    memo.plugin('node-polyfill-provider').tap(([provided]) => [{ process: provided.process }]);
    memo.resolve.fallback.set('buffer', false);
    // pro-components' parts no admin page shows on first paint: other languages, a second lodash,
    // unused value types, pickers and panels loaded on use, unused schema-form layouts (ADR 0047).
    // Throws while loading when a replaced module path no longer matches the installed packages.
    trimProComponents(memo);
    // Our code (and Umi's generated files) compiled for TARGETS, not for ES5 (ADR 0060; BUNDLE_KEEP=targets
    // builds without it, as BUNDLE_KEEP=colorPicker without the next rule, to measure them).
    const kept = keptTricks();
    if (!kept.has('targets')) compileSourcesFor(memo, TARGETS);
    // @rc-component/color-picker does not say it is free of side effects, so every page with an antd
    // Button (whose colour tokens use the picker's Color class) kept the whole picker (ADR 0060).
    if (!kept.has('colorPicker')) {
      memo.module
        .rule('color-picker-side-effect-free')
        .test(/[\\/]node_modules[\\/]@rc-component[\\/]color-picker[\\/]/)
        .sideEffects(false);
    }
    // A script chunk that has not loaded after 120 s fails with a chunk-load error (docs/product.md §14).
    memo.output.chunkLoadTimeout(CHUNK_LOAD_TIMEOUT_MS);
    // Umi's generated export barrels have no side effects: let tree-shaking drop axios from the entry.
    memo.module
      .rule('umi-side-effect-free')
      .test(/[\\/]\.umi(-production)?[\\/](exports\.ts|plugin-request[\\/])/)
      .sideEffects(false);
    return memo;
  },
});
