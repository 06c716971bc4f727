/**
 * Passwords of 8 or more characters that head the public breach-frequency lists (SecLists, HIBP top
 * lists). Shorter ones are refused by length already. Compared lower-cased.
 */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  "12345678", "123456789", "1234567890", "12345678910", "123123123", "123456789a", "1234567891", "0123456789",
  "11111111", "111111111", "1111111111", "00000000", "000000000", "0000000000", "88888888", "99999999",
  "87654321", "987654321", "9876543210", "12341234", "11223344", "12121212", "11112222", "13131313",
  "123qweasd", "1q2w3e4r", "1q2w3e4r5t", "1q2w3e4r5t6y", "1qaz2wsx", "1qazxsw2", "zaq12wsx", "zaq1zaq1",
  "qwertyui", "qwertyuiop", "qwerty123", "qwerty1234", "qwerty12345", "qwertyu1", "asdfghjk", "asdfghjkl",
  "asdf1234", "zxcvbnm1", "zxcvbnm123", "zxcvbnmm", "q1w2e3r4", "q1w2e3r4t5", "qazwsxedc", "qweasdzxc",
  "password", "password1", "password12", "password123", "password1234", "password!", "password@123",
  "passw0rd", "p@ssw0rd", "p@ssword", "pa55word", "pa$$word", "passpass", "passwort", "motdepasse",
  "iloveyou", "iloveyou1", "iloveyou2", "ilovegod", "ilovehim", "iloveyou!", "loveyou1", "lovelove",
  "princess", "princess1", "sunshine", "sunshine1", "football", "football1", "baseball", "basketball",
  "superman", "batman123", "starwars", "whatever", "trustno1", "welcome1", "welcome123", "welcome2",
  "letmein1", "letmein123", "changeme", "changeme1", "changeme123", "default1", "administrator",
  "admin123", "admin1234", "admin12345", "adminadmin", "administrator1", "root1234", "rootroot",
  "computer", "internet", "michelle", "jennifer", "jonathan", "mercedes", "corvette", "chocolate",
  "butterfly", "elephant", "liverpool", "arsenal1", "chelsea1", "manchester", "michael1", "charlie1",
  "jordan23", "monkey12", "dragon12", "shadow12", "master12", "mustang1", "master123", "samsung1",
  "cookie123", "hello123", "freedom1", "secret123", "testtest", "test1234", "test12345", "abcd1234",
  "abc12345", "abcdefgh", "abcdefg1", "aaaaaaaa", "asdasdasd", "qweqweqwe", "zxczxczxc", "66666666",
  "55555555", "44444444", "33333333", "22222222", "77777777", "12344321", "123454321", "147258369",
  "159753456", "741852963", "789456123", "123654789", "147852369", "135792468", "football123",
  "lovely123", "babygirl1", "blink182", "pokemon1", "matrix123", "soccer12", "hockey12", "killer12",
  "summer2024", "summer2025", "summer2026", "winter2025", "winter2026", "spring2026", "autumn2026",
  "january1", "december1", "password2024", "password2025", "password2026", "welcome2025", "welcome2026",
  "lading123", "ladingadmin", "qwerty123456", "1234qwer", "qwer1234", "asdfasdf", "qwertyqwerty",
  "maganda123", "mahalkita", "iloveyou143", "pilipinas", "philippines", "manila123",
]);
