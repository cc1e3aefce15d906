import './admin.css';
export { default as AdminProviders } from '../AntdProviders';
export { default as HeaderActions } from './HeaderActions';
export { default as MenuIcon } from './MenuIcon';
