import assert from "node:assert/strict";
import { commandLinePassword } from "./command_line_password.ts";
import { run } from "../testing.ts";

const found = (text: string) => run(commandLinePassword, text).map((f) => [text.slice(f.start, f.end), f.validation, f.score]);

describe("secrets/command_line_password", () => {
  it("finds a password given to curl, MySQL's client, sshpass, PowerShell or Windows' net", () => {
    assert.deepEqual(found("curl -u admin:Zq8vR2tYx https://api.acme-corp.com/v1"), [["Zq8vR2tYx", "curl_user", 0.85]]);
    assert.deepEqual(found('curl -s -X POST --user "deploy:Hunter2xQ9" https://ci.internal/job'), [["Hunter2xQ9", "curl_user", 1]]);
    assert.deepEqual(found("mysqldump -u root -pS3cr3tPw0rd -h db.internal prod > prod.sql"), [["S3cr3tPw0rd", "mysql_p", 0.85]]);
    assert.deepEqual(found("sshpass -p 'Zq8vR2tYx' ssh admin@10.0.0.5"), [["Zq8vR2tYx", "sshpass_p", 0.85]]);
    assert.deepEqual(found('$pw = ConvertTo-SecureString "Summer2024!x" -AsPlainText -Force'), [["Summer2024!x", "powershell_plaintext", 0.85]]);
    assert.deepEqual(found("net use Z: \\\\fs01\\hr Wq9zT7pL /user:corp\\jdoe /persistent:no"), [["Wq9zT7pL", "net_use", 1]]);
    assert.deepEqual(found("net use \\\\fs01\\hr /user:corp\\jdoe Wq9zT7pL"), [["Wq9zT7pL", "net_use", 1]]);
    assert.deepEqual(found("net user svc_backup Wq9zT7pL /add"), [["Wq9zT7pL", "net_user", 1]]);
  });
  it("takes no variable, substitution, placeholder or prompt for one; a user's own name as password is documentation", () => {
    for (const text of ["curl -u $USER:$TOKEN https://x", "curl -u user:password https://x", 'curl -u "admin:${ADMIN_PASS}" https://x', "mysql -u root -p mydb", "mysql -u root -p$(cat /run/secrets/db) mydb", "sshpass -p %SSHPASS% ssh x", "mysql -h db -P 3306 -u app", "curl -u <user>:<password> https://x", "net use Z: \\\\fs01\\hr /user:corp\\jdoe", "net use Z: \\\\fs01\\hr * /user:corp\\jdoe", "net user jdoe /add", "$s = ConvertTo-SecureString $plain -AsPlainText -Force"]) assert.deepEqual(found(text).filter(([, , s]) => (s as number) >= 0.4), [], text);
    assert.deepEqual(found("curl -u admin:admin http://localhost:8080/"), [["admin", "documentation_example", 0.2]]);
    assert.deepEqual(found("a%' exec master..xp_cmdshell 'net user test testpass /ADD' --"), [["testpass", "documentation_example", 0.2]]);
  });
});
