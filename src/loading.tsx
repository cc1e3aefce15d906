import './loading.css';

/**
 * While a page loads, a large spinner centred with 100px of top padding (docs/product.md §14). Plain
 * CSS in the look of antd's large Spin, so the entry chunk does not pull antd in.
 */
export default function PageLoading() {
  return (
    <div className="page-loading" role="status" aria-label="加载中">
      <span className="page-loading-dot-spin">
        <i />
        <i />
        <i />
        <i />
      </span>
    </div>
  );
}
