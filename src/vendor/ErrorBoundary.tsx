// pro-utils' ErrorBoundary (around ProTable and ProLayout's content) shows antd's Result with its
// illustrations, in English. config/proTrim.ts answers it with this one (ADR 0047): the same
// boundary with a short Chinese message and a way to try again, without Result.
import { Button } from 'antd';
import React from 'react';

interface State {
  error?: Error;
}

export class ErrorBoundary extends React.Component<{ children?: React.ReactNode }, State> {
  state: State = {};

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  componentDidCatch(error: Error, info: React.ErrorInfo) {
    console.error(error, info.componentStack);
  }

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div role="alert" className="pro-error-boundary">
        <p>此处内容显示出错：{error.message}</p>
        <Button onClick={() => this.setState({ error: undefined })}>重试</Button>
      </div>
    );
  }
}
