import './loading.css';

/**
 * Seed §2: while a page loads, a large spinner centred with 100px of top padding. Plain CSS in the
 * look of antd's large Spin, so the entry chunk does not pull antd in.
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
