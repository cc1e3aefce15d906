import { Empty } from 'antd';

/** A table's empty state: antd's simple picture with a sentence saying why there is nothing. */
export default function EmptyState({ text }: { text: string }) {
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text} />;
}
