import { ReloadOutlined, SafetyOutlined } from '@ant-design/icons';
import { Button, Form, Input, Spin } from 'antd';
import type { LoginCaptcha } from '@common/contracts/auth';
import { LIMITS } from '@common/limits';
import './CaptchaField.css';

export interface CaptchaState {
  picture?: LoginCaptcha;
  loading: boolean;
  failed: boolean;
}

/**
 * The captcha row the server asks for after repeated wrong passwords (ADR 0023): the typed text,
 * the picture (a raster drawn by the server, ADR 0046; its alt text never holds the answer), and
 * a button for another picture, above the field in the order they are read and reached by Tab.
 * Both buttons are at least 44 px high for a thumb.
 */
export default function CaptchaField({ state, onRefresh }: { state: CaptchaState; onRefresh: () => void }) {
  return (
    <div className="login-captcha">
      <div className="login-captcha-picture">
        <button
          type="button"
          className="login-captcha-image"
          onClick={onRefresh}
          aria-label="看不清？换一张验证码"
          disabled={state.loading}
        >
          {state.loading ? (
            <Spin size="small" />
          ) : state.failed || !state.picture ? (
            <span className="login-captcha-failed">加载失败，点此重试</span>
          ) : (
            <img src={state.picture.image} alt="验证码图片" width={200} height={60} />
          )}
        </button>
        <Button
          type="link"
          icon={<ReloadOutlined aria-hidden />}
          onClick={onRefresh}
          disabled={state.loading}
          className="login-captcha-refresh"
        >
          换一张
        </Button>
      </div>
      <Form.Item
        name="captcha"
        className="login-captcha-input"
        rules={[{ required: true, whitespace: true, message: '请输入验证码' }]}
        extra="请输入图中的 5 个字符，字母不区分大小写"
      >
        <Input
          prefix={<SafetyOutlined />}
          placeholder="验证码"
          aria-label="验证码"
          autoComplete="off"
          autoCapitalize="characters"
          autoCorrect="off"
          maxLength={LIMITS.captcha}
          spellCheck={false}
        />
      </Form.Item>
    </div>
  );
}
