import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { ModalForm, type ProFormInstance, ProFormText } from '@ant-design/pro-components';
import { Alert, App, Button, Checkbox, Space, Table, Typography, Upload } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useRef, useState } from 'react';
import './ImportUsersModal.css';
import { USER_IMPORT_MAX_BYTES, USER_IMPORT_MAX_ROWS } from '@common/constants';
import type { UserImportPreview, UserImportRow } from '@common/contracts/users';
import { downloadImportTemplate, importUsers, previewUserImport } from '@/services/users';
import { FRESH_DIALOG, dialogState } from '@/components/FormDialog';
import { apiErrorBody, apiErrorMessage, handleFormError } from '@/utils/apiError';
import { FIELD_HINTS, FIELD_RULES, passwordRule } from '@/utils/formRules';

const FIELD_LABELS: Record<string, string> = {
  account: '账号',
  name: '姓名',
  phone: '手机号',
  role: '角色',
  area: '所属区域',
  groups: '分组',
};

const dash = (text: string) => text || <Typography.Text type="secondary">—</Typography.Text>;

const COLUMNS: ColumnsType<UserImportRow> = [
  { title: '行号', dataIndex: 'row', width: 64 },
  { title: '账号', dataIndex: 'account', width: 120, ellipsis: true, render: dash },
  { title: '姓名', dataIndex: 'name', width: 90, ellipsis: true, render: dash },
  { title: '手机号', dataIndex: 'phone', width: 120, render: dash },
  { title: '角色', dataIndex: 'role', width: 120, ellipsis: true, render: dash },
  { title: '所属区域', dataIndex: 'area', width: 96, ellipsis: true, render: dash },
  { title: '分组', dataIndex: 'groups', width: 110, ellipsis: true, render: dash },
  {
    title: '检查结果',
    dataIndex: 'errors',
    render: (_, row) =>
      row.errors.length ? (
        <ul className="user-import-errors">
          {row.errors.map((e) => (
            <li key={`${e.field}${e.message}`}>
              <Typography.Text type="danger">
                {FIELD_LABELS[e.field] ?? e.field}：{e.message}
              </Typography.Text>
            </li>
          ))}
        </ul>
      ) : (
        <Typography.Text type="success">可导入</Typography.Text>
      ),
  },
];

interface Props {
  onClose: () => void;
  /** After a successful import: the list reloads. */
  onImported: () => void;
}

/**
 * 导入用户: the template, the file, a preview of every row with its errors (nothing written yet),
 * then one import of all rows with one initial password (a ModalForm, ADR 0048: 导入 is its submit,
 * after a confirmation). The chosen file and the typed password stay through a server error.
 */
export default function ImportUsersModal({ onClose, onImported }: Props) {
  const { message, modal } = App.useApp();
  const formRef = useRef<ProFormInstance<{ password: string }>>();
  const [file, setFile] = useState<File>();
  const [preview, setPreview] = useState<UserImportPreview>();
  const [checking, setChecking] = useState(false);
  const [importing, setImporting] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [error, setError] = useState<string>();
  const [skipInvalid, setSkipInvalid] = useState(false);
  const [onlyInvalid, setOnlyInvalid] = useState(false);

  const check = async (chosen: File) => {
    setFile(chosen);
    setPreview(undefined);
    setError(undefined);
    setSkipInvalid(false);
    setOnlyInvalid(false);
    if (!/\.xlsx$/i.test(chosen.name)) {
      setError(`「${chosen.name}」不是 .xlsx 文件，请下载模板填写后上传`);
      return;
    }
    if (chosen.size > USER_IMPORT_MAX_BYTES) {
      setError(`「${chosen.name}」超过2MB，请分成几个文件导入`);
      return;
    }
    setChecking(true);
    try {
      const body = await previewUserImport(chosen);
      setPreview(body.data);
    } catch (e) {
      setError(apiErrorMessage(e));
    } finally {
      setChecking(false);
    }
  };

  const template = async () => {
    setDownloading(true);
    try {
      const { fileName } = await downloadImportTemplate();
      message.success(`已下载：${fileName}`);
    } catch (e) {
      message.error(`下载失败：${apiErrorMessage(e)}`);
    } finally {
      setDownloading(false);
    }
  };

  const blocked = !preview || !file || preview.valid === 0 || (preview.invalid > 0 && !skipInvalid);

  const importAll = async (chosen: File, password: string) => {
    setError(undefined);
    setImporting(true);
    try {
      const body = await importUsers(chosen, password, skipInvalid);
      message.success(`已导入 ${body.data?.imported ?? 0} 个用户`);
      onImported();
    } catch (e) {
      // A wrong password goes under its field (and a lost session signs out); the rest stays on
      // top of the preview. File and password are kept either way.
      const body = apiErrorBody(e);
      if (body?.code === 401 || body?.errors?.some((f) => f.field === 'password')) handleFormError(e, formRef.current);
      else setError(apiErrorMessage(e));
    } finally {
      setImporting(false);
    }
  };

  // 导入 (the form's submit, after the password passed) asks first; the button spins until the
  // import is done or the question is declined.
  const submit = ({ password }: { password: string }) =>
    new Promise<void>((done) => {
      if (!preview || !file) return done();
      modal.confirm({
        title: `导入 ${preview.valid} 个用户？`,
        content: `${preview.invalid ? `有误的 ${preview.invalid} 行将被跳过。` : ''}所有导入的用户使用同一个初始密码，首次登录时须修改密码。`,
        okText: '导入',
        cancelText: '取消',
        onOk: () => importAll(file, password).finally(done),
        onCancel: () => done(),
      });
    });

  const rows = onlyInvalid ? (preview?.rows.filter((r) => r.errors.length) ?? []) : (preview?.rows ?? []);

  return (
    <ModalForm<{ password: string }>
      title="导入用户"
      {...dialogState(true, onClose)}
      name="userImport"
      formRef={formRef}
      width={1000}
      requiredMark={false}
      autoFocusFirstInput={false}
      modalProps={{ ...FRESH_DIALOG, okText: '导入', maskClosable: false }}
      submitter={{ submitButtonProps: { disabled: blocked } }}
      onFinish={submit}
    >
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Space wrap>
          <Typography.Text>第一步：下载模板，按“填写说明”填写（一次最多 {USER_IMPORT_MAX_ROWS} 行，文件不超过2MB）。</Typography.Text>
          <Button icon={<DownloadOutlined />} loading={downloading} onClick={template}>
            下载模板
          </Button>
        </Space>
        <Upload.Dragger
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          multiple={false}
          showUploadList={false}
          disabled={checking || importing}
          beforeUpload={(chosen) => {
            void check(chosen);
            return false;
          }}
        >
          {/* Once a file is chosen the box shrinks to a line, leaving the room to the preview. */}
          {file ? null : (
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
          )}
          <p className="ant-upload-text">{file ? `已选择：${file.name}（点击或拖入可更换）` : '第二步：点击或拖入填好的 .xlsx 文件'}</p>
          <p className="ant-upload-hint">上传后先检查每一行，确认无误再导入</p>
        </Upload.Dragger>
        {error ? <Alert type="error" showIcon message={error} role="alert" /> : null}
        {checking ? <Alert type="info" showIcon message="正在检查文件中的每一行…" /> : null}
        {preview ? (
          <>
            <Space wrap size="large">
              <Typography.Text strong>
                可导入 {preview.valid} 条，
                <Typography.Text type={preview.invalid ? 'danger' : undefined}>有误 {preview.invalid} 条</Typography.Text>
              </Typography.Text>
              {preview.invalid ? (
                <>
                  <Checkbox checked={onlyInvalid} onChange={(e) => setOnlyInvalid(e.target.checked)}>
                    只看有误的行
                  </Checkbox>
                  <Checkbox checked={skipInvalid} onChange={(e) => setSkipInvalid(e.target.checked)}>
                    跳过有误的行
                  </Checkbox>
                </>
              ) : null}
            </Space>
            <Table<UserImportRow>
              rowKey="row"
              size="small"
              columns={COLUMNS}
              dataSource={rows}
              rowClassName={(r) => (r.errors.length ? 'user-import-row-invalid' : '')}
              pagination={{ defaultPageSize: 10, showSizeChanger: false, hideOnSinglePage: true, showTotal: (total) => `共 ${total} 行` }}
              // Shorter on a 768 px screen so the password and the buttons stay in view (min/max: Chrome 79+).
              scroll={{ x: 900, y: 'max(160px, min(260px, calc(100vh - 600px)))' }}
            />
            {preview.valid === 0 ? (
              <Typography.Text type="danger">没有可导入的行，请改正文件后重新上传。</Typography.Text>
            ) : preview.invalid && !skipInvalid ? (
              <Typography.Text type="secondary">有误的行请改正后重新上传，或勾选“跳过有误的行”只导入正确的行。</Typography.Text>
            ) : null}
            <ProFormText.Password
              name="password"
              label="初始密码"
              width={260}
              placeholder={FIELD_HINTS.password}
              fieldProps={{ autoComplete: 'new-password' }}
              rules={[{ required: true, message: '请输入初始密码' }, FIELD_RULES.password, passwordRule()]}
              extra="所有导入的用户使用此密码，首次登录时须修改"
            />
          </>
        ) : null}
      </Space>
    </ModalForm>
  );
}
