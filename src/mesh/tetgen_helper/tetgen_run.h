// Private to the mesh module: one run of TetGen as tetrahedralize() needs it (the self-intersection
// check, then the meshing), the byte format in which a request goes to the helper program
// `contactlab-tetgen` and its reply comes back, and that program's main. Compiled into the static
// library contactlab_tetgen_run, which both contactlab_mesh and the helper program link: it needs
// TetGen and fmt only, so the helper stays small (it starts once per tetrahedralize() call).
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace contactlab::mesh_detail {

/// The input of one tetrahedralize() run: a closed triangle surface and TetGen's switches.
struct TetGenRequest {
  std::string switches;        ///< passed to TetGen as they are (already checked by the caller)
  std::vector<double> points;  ///< 3 per vertex
  std::vector<int> triangles;  ///< 3 vertex indices per triangle; triangle t gets marker t + 1
};

/// A failure TetGen reported (or the intersection check found): becomes GeometryError(source, 0,
/// message) in the calling process, whichever process TetGen ran in.
struct TetGenFailure {
  std::string source;
  std::string message;
};

/// The part of TetGen's output that tetrahedralize() reads, copied out of tetgenio.
struct RawTetGenOutput {
  int corners = 0;             ///< numberofcorners
  std::vector<double> points;  ///< 3 per point
  std::vector<int> tets;       ///< `corners` per tet
  std::vector<int> trifaces;   ///< 3 per boundary face
  bool has_markers = false;    ///< trifacemarkerlist present
  std::vector<int> markers;    ///< one per boundary face
  int point_count() const { return static_cast<int>(points.size() / 3); }
};

/// The two TetGen runs of tetrahedralize(): the intersection check, then the meshing.
enum class Stage : char { intersection_check = 'i', meshing = 'm' };
inline constexpr const char* kIntersectionSwitches = "pdzQX1";

/// Runs both TetGen stages; `on_stage` is told before each. Throws TetGenFailure.
RawTetGenOutput run_tetgen_stages(const TetGenRequest& request, const std::function<void(Stage)>& on_stage);

// --- The bytes between the library and the helper (native byte order and sizes: both ends are
// built from the same sources in the same build). ---
// Request (the helper's stdin):
//   switches_len:u64 switches  n_points:u64 n_triangles:u64  points (3·n_points f64)
//   triangles (3·n_triangles i32)
// Reply (the helper's file descriptor 3): stage bytes, then one tag byte and its payload:
//   'i' / 'm'                          a Stage began
//   'R' corners:i32 n_points:u64 n_tets:u64 n_trifaces:u64 has_markers:u8
//       points (3·n_points f64) tets (corners·n_tets i32) trifaces (3·n_trifaces i32) markers
//       (n_trifaces i32 if has_markers)                           success
//   'F' len:u64 source len:u64 message                            TetGenFailure
// Anything else, or bytes left over, is malformed.
std::string encode_request(const TetGenRequest& request);
bool decode_request(std::string_view bytes, TetGenRequest& request);
std::string encode_result(const RawTetGenOutput& raw);
std::string encode_failure(const TetGenFailure& failure);

/// A decoded reply (after its stage bytes).
enum class ReplyKind { result, failure, malformed };
ReplyKind decode_reply(std::string_view bytes, RawTetGenOutput& raw, TetGenFailure& failure);

/// The stage bytes at the start of a reply: whether there was any, the last one (the stage TetGen
/// was in when the reply ends) and where the tagged message starts.
struct ReplyStages {
  bool any = false;
  Stage last = Stage::intersection_check;
  std::size_t message_start = 0;
};
ReplyStages read_reply_stages(std::string_view bytes);

/// The helper program's main: reads a request from stdin, writes the reply to `reply_fd`, and ends
/// with _exit (0 after a reply, 2 on a malformed request, 71 when the reply cannot be written).
[[noreturn]] void tetgen_helper_main(int reply_fd);

}  // namespace contactlab::mesh_detail
