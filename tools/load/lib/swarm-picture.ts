/**
 * A 96×72 JPEG of a swarm-coloured gradient (1,162 bytes), sent as the report's picture: small enough that the load
 * measures the product rather than the upload, a real JPEG so the picture is decoded, re-encoded and thumbnailed.
 * No k6 or Node import, so the k6 scripts and the Node benchmark send the same bytes.
 */
export const SWARM_JPEG_BASE64 = [
  '/9j/2wBDAA0JCgsKCA0LCgsODg0PEyAVExISEyccHhcgLikxMC4pLSwzOko+MzZGNywtQFdBRkxOUlNSMj5aYVpQYEpRUk//2wBDAQ4ODhMREyYV',
  'FSZPNS01T09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT0//wAARCABIAGADASIAAhEBAxEB/8QAGAABAQEB',
  'AQAAAAAAAAAAAAAAAAECAwX/xAAwEAEAAQMCBAMHBAMBAAAAAAABEQACIRIxQVFh8AMicRMygaGxwdFCkeHxBDNiUv/EABgBAQEBAQEAAAAAAAAA',
  'AAAAAAACAQUG/8QAHBEBAQEBAQADAQAAAAAAAAAAAAERMSECQXFh/9oADAMBAAIRAxEAPwD1/D8PUBzrr7Pwy5Ibk4FPDU8Kbd7mCrgt0W+64x+q',
  'vM+66dt0bLTDbaLwc0uLU0lgJ0zV3ugTTGw4/ms/ojjd8+/jWW75GKW2jLbM7GD6lQtILfJLwutjFa3S0ydOPwpa+iOwuH0rZBRtLvP4VpHQrH+S',
  'WpY22g3TsVfetPDHF2bVanvvh8iandpO6lvg2gasFatsszd7PHO5iqszdhZi0puhMpx5+hVfptrJbaWnltZ3xt+9NFr4iwaQ5fxVHJcs8DM/P8UN',
  'sRL8+/WpttCydNgGbSZ9as7xkiD02+dZEfDtz5o5d8yrh8oT9+/vW275D7ISDCXcu+81cqSYx1oJOqF5YqbFpCWzLPff0SC5bXaX51F1QIwbs95o',
  'trfI7etBwfjbv81luhkm5jn8f6ozbecd7vvVIwaX9u+E1C6LpuxhCToFVJgu0G2k/laiKZAUiKYwGRZiOv8AVUjVxY4xM1PQJYtDIUnLdjLBPffS',
  'oe6RazwxQSNF2Hfaq8gWEAhMH2H7VWYeOrHrUtt8oBnSXftVgXBJDHU4lJCkDcWnL96jctty/Ci6jU4l5UjYLYiJ6d9tTboRpC0j71oJjiHWe/xQ',
  'hZ0yPTv8VmC20kmetbJjFzpebgfl+aj5/EsO/epgVTFpn15VLjcSHRt+1Z2taHE7cvp9inAEJok3QH/R16UGEYwxpfp8aryTWGRG3IGeNTduud2o',
  'BAR6zWj3mTJ0qetHy22eIZgI61ILiLIuHLa71LfHm22z2c6SN6Tql9l6ZpdplnWsa5nY44fw0iLDq1HXbEkT/wCr/wA0ZLtUWunkn4qpMFwunibh',
  'n6VDHmUPXf4cqLfeK25et1S1ZC32ZHGp9otts2hEWGc/qq2efx7ulrTT4l0uuzplrPm/xriQu1CYaryQ/FkLdNzDPlaQyCRzQkae11v+rB1oF0On',
  'w0buV1T7enOrbCjyMRy+tMBDELme/tUm66LfLj/o/FC662QtHPBftVcMZ8EDw2+6ts3MKnK0pSknpeklqoBHD8rUZ0acxdznv5UpU3pFg1YMWn97',
  'UlbQcrwuzNKVUjESDySad7WniurQ+sfKlKntb/WvdCyzDvcvCpFs6mbgI1XT9KUqvjBJUjOp72KpDc7cN+ffWlKjvo//2Q==',
].join('');
